import { forwardRef, useCallback, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { TurnUsage, UsageSnapshot } from '../../core/types.js';
import { cx, format } from '../shared/index.js';
import { UsageDetails } from './UsageDetails.js';
import { UsageRing } from './UsageRing.js';
import { useDismissOnOutsidePointer } from '../shared/use-dismiss.js';
import { usePopoverPlacement } from '../shared/use-popover-placement.js';
import { useUsageSummary } from './use-usage-summary.js';
import { composeHandlers, useComposedRefs, type RootProps } from '../shared/root-props.js';

/** What a variant's root takes: the meter's props but `usage` and `variant`, the host's included. */
export type UsageVariantProps = RootProps<{ lastTurnUsage?: TurnUsage | null; className?: string }>;

/** A ring with the percentage; the button discloses the detailed reading in a popover. */
export const UsageCompact = /* @__PURE__ */ forwardRef<HTMLDivElement, UsageVariantProps & { usage: UsageSnapshot }>(function UsageCompact(
  { usage, lastTurnUsage, className, onKeyDown: hostOnKeyDown, onBlur: hostOnBlur, ...rest },
  ref,
) {
  const { summary, messages } = useUsageSummary(usage);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const composedRef = useComposedRefs(rootRef, ref);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const popoverId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePointer(open, rootRef, close);
  const placement = usePopoverPlacement(open, buttonRef, popoverRef);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here so an enclosing dialog does not close along with the popover.
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
  };

  const summaryText = summary.advice ? `${summary.valueText}. ${summary.advice}` : summary.valueText;
  return (
    <div
      data-slot="usage-meter"
      data-variant="compact"
      data-status={summary.level}
      {...rest}
      ref={composedRef}
      className={cx('acp-usage-meter', className)}
      onKeyDown={composeHandlers(hostOnKeyDown, onKeyDown)}
      onBlur={composeHandlers(hostOnBlur, onBlur)}
    >
      <button
        ref={buttonRef}
        type="button"
        className="acp-usage-meter__trigger acp-focusable"
        data-slot="usage-meter-trigger"
        aria-expanded={open}
        aria-controls={popoverId}
        aria-label={format(messages.trigger_label, { summary: summaryText })}
        onClick={() => setOpen((value) => !value)}
      >
        <UsageRing percent={summary.percent} />
        <span data-slot="usage-meter-trigger-text">{summary.percentText ?? summary.figuresText}</span>
      </button>
      <div
        ref={popoverRef}
        id={popoverId}
        className="acp-usage-meter__popover"
        data-slot="usage-meter-popover"
        data-side={placement.side}
        data-align={placement.align}
        role="group"
        aria-label={messages.details_label}
        // Clicking inside keeps focus here rather than on <body>, so Escape still closes it.
        tabIndex={-1}
        hidden={!open}
      >
        <UsageDetails usage={usage} summary={summary} lastTurnUsage={lastTurnUsage} messages={messages} />
      </div>
    </div>
  );
});
