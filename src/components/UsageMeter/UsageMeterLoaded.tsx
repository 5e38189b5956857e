import { forwardRef } from 'react';
import type { TurnUsage, UsageSnapshot } from '../../core/types.js';
import { cx, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { LastTurnUsage } from './LastTurnUsage.js';
import { usageMeterMessages } from './messages.js';
import { UsageCompact, type UsageVariantProps } from './UsageCompact.js';
import { UsageDetails } from './UsageDetails.js';
import { useUsageSummary } from './use-usage-summary.js';

/** @inline */
export interface UsageMeterOwnProps {
  /** The latest `usage_update` snapshot, or null when the agent has reported none (yet). */
  usage: UsageSnapshot | null;
  /** End-of-turn token usage, when the agent reports it (unstable ACP field). */
  lastTurnUsage?: TurnUsage | null;
  /** `compact`: a ring that opens the details in a popover. `detailed` (default): everything inline. */
  variant?: 'compact' | 'detailed';
  className?: string;
}

/** The meter's own props and the rest of its root `<div>`'s. */
export type UsageMeterProps = RootProps<UsageMeterOwnProps>;

/**
 * Context-window usage and session cost.
 *
 * With no usage reported, the detailed variant shows a quiet "No usage reported" line (plus
 * last-turn tokens if any) so a panel keeps its layout; the compact variant renders nothing,
 * since an empty ring in a toolbar would only be noise.
 */
export const UsageMeterLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, UsageMeterProps>(function UsageMeterLoaded(
  { usage, variant = 'detailed', ...rest },
  ref,
) {
  // Each variant's root takes the host's props and ref.
  if (!usage) {
    return variant === 'compact' ? null : <NoUsage {...rest} ref={ref} />;
  }
  if (variant === 'compact') {
    return <UsageCompact usage={usage} {...rest} ref={ref} />;
  }
  return <DetailedUsage usage={usage} {...rest} ref={ref} />;
});

const DetailedUsage = /* @__PURE__ */ forwardRef<HTMLDivElement, UsageVariantProps & { usage: UsageSnapshot }>(function DetailedUsage(
  { usage, lastTurnUsage, className, ...rest },
  ref,
) {
  const { summary, messages } = useUsageSummary(usage);
  return (
    <div data-slot="usage-meter" data-variant="detailed" data-status={summary.level} {...rest} ref={ref} className={cx('acp-usage-meter', className)}>
      <UsageDetails usage={usage} summary={summary} lastTurnUsage={lastTurnUsage} messages={messages} />
    </div>
  );
});

const NoUsage = /* @__PURE__ */ forwardRef<HTMLDivElement, UsageVariantProps>(function NoUsage({ lastTurnUsage, className, ...rest }, ref) {
  const messages = useMessages('usageMeter', usageMeterMessages);
  return (
    <div data-slot="usage-meter" data-variant="detailed" data-status="empty" {...rest} ref={ref} className={cx('acp-usage-meter', className)}>
      <p className="acp-usage-meter__empty">{messages.no_usage}</p>
      {lastTurnUsage && <LastTurnUsage usage={lastTurnUsage} messages={messages} />}
    </div>
  );
});
