import { forwardRef } from 'react';
import type { ThoughtItem } from '../../core/types.js';
import { Markdown } from '../Markdown/index.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { thoughtMessages } from './messages.js';
import { useAutoOpen } from './use-auto-open.js';
import { Chevron } from '../shared/Chevron.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { useDisclosure } from '../shared/use-disclosure.js';
import { numberFormat } from '../../i18n/number-format.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface ThoughtOwnProps {
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

/** The thought's own props and the rest of its root `<div>`'s. */
export type ThoughtProps = RootProps<ThoughtOwnProps>;

/** Whole seconds a thought took, at least 1 (a finished thought never says "0s"). */
export function thoughtSeconds(item: Pick<ThoughtItem, 'startedAt' | 'endedAt'>): number | null {
  if (item.endedAt === null) return null;
  return Math.max(1, Math.round((item.endedAt - item.startedAt) / 1000));
}

/**
 * The agent's reasoning, collapsible. Open while it streams, folded away when it ends (unless
 * the user toggled it). Folded text stays findable with the browser's find-in-page.
 */
export const Thought = /* @__PURE__ */ forwardRef<HTMLDivElement, ThoughtProps>(function Thought(
  { item, streaming = false, open: controlledOpen, defaultOpen, onOpenChange, allowRemoteImages, className, ...rest },
  ref,
) {
  const messages = useMessages('thought', thoughtMessages);
  const locale = useLocale();
  const live = streaming && item.endedAt === null;
  const autoOpen = useAutoOpen(live, defaultOpen);
  // `null` until the user (or the parent) chooses: until then it follows the stream.
  const [chosen, setChosen] = useControllableState<boolean | null>({
    value: controlledOpen,
    defaultValue: null,
    onChange: (next) => {
      if (next !== null) onOpenChange?.(next);
    },
  });
  const open = chosen ?? autoOpen;
  const fold = useDisclosure(open, setChosen);

  const seconds = thoughtSeconds(item);
  const label = live
    ? messages.thinking
    : seconds === null
      ? messages.thought
      : format(messages.thought_for, {
          duration: numberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }).format(seconds),
        });

  return (
    <div data-slot="thought" data-state={fold.state} data-live={live ? '' : undefined} {...rest} ref={ref} className={cx('acp-thought', className)}>
      <button {...fold.triggerProps} className="acp-thought__trigger" data-slot="thought-trigger">
        <Chevron size={14} />
        <span className="acp-thought__label" data-slot="thought-label">
          {label}
        </span>
      </button>
      <div {...fold.panelProps} className="acp-thought__panel" data-slot="thought-panel">
        <Markdown text={item.text} streaming={live} allowRemoteImages={allowRemoteImages} />
      </div>
    </div>
  );
});
Thought.displayName = 'Thought';
