import { useCallback, useId } from 'react';
import type { ThoughtItem } from '../../core/types.js';
import { Markdown } from '../Markdown/index.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { thoughtMessages } from './messages.js';
import { useAutoOpen } from './use-auto-open.js';
import { useUntilFound } from '../shared/use-until-found.js';
import { numberFormat } from '../../i18n/number-format.js';

export interface ThoughtProps {
  item: ThoughtItem;
  /** The turn is still running; with `item.endedAt === null` the thought is live. */
  streaming?: boolean;
  /** Controlled open state. Leave undefined for the automatic behaviour. */
  open?: boolean;
  /** Initial open state when uncontrolled (default: open while live). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  allowRemoteImages?: boolean;
  className?: string;
}

/** Whole seconds a thought took, at least 1 (a finished thought never says "0s"). */
export function thoughtSeconds(item: Pick<ThoughtItem, 'startedAt' | 'endedAt'>): number | null {
  if (item.endedAt === null) return null;
  return Math.max(1, Math.round((item.endedAt - item.startedAt) / 1000));
}

/**
 * The agent's reasoning, collapsible. Open while it streams, folded away when it ends (unless
 * the user toggled it). Folded text stays findable with the browser's find-in-page.
 */
export function Thought({
  item,
  streaming = false,
  open: controlledOpen,
  defaultOpen,
  onOpenChange,
  allowRemoteImages,
  className,
}: ThoughtProps) {
  const messages = useMessages('thought', thoughtMessages);
  const locale = useLocale();
  const live = streaming && item.endedAt === null;
  const [autoOpen, setAutoOpen] = useAutoOpen(live, defaultOpen);
  const open = controlledOpen ?? autoOpen;
  const panelId = useId();

  const setOpen = useCallback(
    (next: boolean) => {
      setAutoOpen(next);
      onOpenChange?.(next);
    },
    [setAutoOpen, onOpenChange],
  );
  const panel = useUntilFound<HTMLDivElement>(open, () => setOpen(true));

  const seconds = thoughtSeconds(item);
  const label = live
    ? messages.thinking
    : seconds === null
      ? messages.thought
      : format(messages.thoughtFor, {
          duration: numberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }).format(seconds),
        });

  return (
    <div
      className={cx('acp-thought', className)}
      data-slot="thought"
      data-state={open ? 'open' : 'closed'}
      data-live={live ? '' : undefined}
    >
      <button
        type="button"
        className="acp-thought__trigger"
        data-slot="trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg className="acp-thought__chevron" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M6 4l4 4-4 4" />
        </svg>
        <span className="acp-thought__label" data-slot="label">
          {label}
        </span>
      </button>
      <div id={panelId} ref={panel} hidden={!open} className="acp-thought__panel" data-slot="panel">
        <Markdown text={item.text} streaming={live} allowRemoteImages={allowRemoteImages} />
      </div>
    </div>
  );
}
