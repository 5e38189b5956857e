import { forwardRef, memo } from 'react';
import type { PlanEntry } from '../../core/types.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { Chevron } from '../shared/Chevron.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { useDisclosure } from '../shared/use-disclosure.js';
import { planMessages } from './messages.js';
import { countCompleted } from './plan-entry.js';
import { PlanEntryRow } from './PlanEntryRow.js';
import { PlanProgress } from './PlanProgress.js';
import { numberFormat } from '../../i18n/number-format.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface PlanOwnProps {
  /** The session's plan (`SessionState.plan`); `null` renders nothing. */
  entries: ReadonlyArray<PlanEntry> | null;
  /** The plan's name in its header (default: the `plan.title` string, "Plan"). */
  title?: string;
  /** Controlled expansion; uncontrolled it starts from `defaultOpen` (true). */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** The plan's own props and the rest of its root `<div>`'s. */
export type PlanProps = RootProps<PlanOwnProps>;

/**
 * The agent's plan as a checklist with a progress summary. ACP replaces the whole plan on every
 * update and entries have no ids, so rows are keyed by position: an update patches the existing
 * rows in place instead of remounting them.
 */
export const Plan = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef<HTMLDivElement, PlanProps>(function Plan(
    { entries, title, open: controlledOpen, defaultOpen = true, onOpenChange, className, ...rest },
    ref,
  ) {
    const messages = useMessages('plan', planMessages);
    const locale = useLocale();
    const [open, setOpen] = useControllableState({ value: controlledOpen, defaultValue: defaultOpen, onChange: onOpenChange });
    const fold = useDisclosure(open, setOpen);

    if (entries === null) return null;

    const total = entries.length;
    const completed = countCompleted(entries);
    const number = numberFormat(locale);
    const summary = format(messages.summary, { completed: number.format(completed), total: number.format(total) });
    const status = total === 0 ? 'empty' : completed === total ? 'complete' : 'active';

    return (
      <div data-slot="plan" data-status={status} data-state={fold.state} {...rest} ref={ref} className={cx('acp-plan', className)}>
        <div className="acp-plan__header" data-slot="plan-header">
          <button {...fold.triggerProps} className="acp-plan__trigger acp-focusable" data-slot="plan-trigger">
            <span className="acp-plan__title" data-slot="plan-title">
              {title ?? messages.title}
            </span>
            <span className="acp-plan__summary" data-slot="plan-summary">
              {summary}
            </span>
            <Chevron />
          </button>
        </div>
        <PlanProgress completed={completed} total={total} label={messages.progress_label} valueText={summary} />
        <div {...fold.panelProps} className="acp-plan__body" data-slot="plan-body">
          {total === 0 ? (
            <p className="acp-plan__empty">{messages.empty}</p>
          ) : (
            <ol className="acp-plan__entries" data-slot="plan-entries">
              {entries.map((entry, index) => (
                // Position is the only identity ACP gives plan entries.
                <PlanEntryRow key={index} entry={entry} messages={messages} />
              ))}
            </ol>
          )}
        </div>
      </div>
    );
  }),
);
Plan.displayName = 'Plan';
