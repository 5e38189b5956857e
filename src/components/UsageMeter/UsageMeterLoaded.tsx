import type { TurnUsage, UsageSnapshot } from '../../core/types.js';
import { cx, useMessages } from '../shared/index.js';
import { LastTurnUsage } from './LastTurnUsage.js';
import { usageMeterMessages } from './messages.js';
import { UsageCompact } from './UsageCompact.js';
import { UsageDetails } from './UsageDetails.js';
import { useUsageSummary } from './use-usage-summary.js';

export interface UsageMeterProps {
  /** The latest `usage_update` snapshot, or null when the agent has reported none (yet). */
  usage: UsageSnapshot | null;
  /** End-of-turn token usage, when the agent reports it (unstable ACP field). */
  lastTurnUsage?: TurnUsage | null;
  /** `compact`: a ring that opens the details in a popover. `detailed` (default): everything inline. */
  variant?: 'compact' | 'detailed';
  className?: string;
}

/**
 * Context-window usage and session cost.
 *
 * With no usage reported, the detailed variant shows a quiet "No usage reported" line (plus
 * last-turn tokens if any) so a panel keeps its layout; the compact variant renders nothing,
 * since an empty ring in a toolbar would only be noise.
 */
export function UsageMeterLoaded({ usage, lastTurnUsage, variant = 'detailed', className }: UsageMeterProps) {
  if (!usage) {
    return variant === 'compact' ? null : <NoUsage lastTurnUsage={lastTurnUsage} className={className} />;
  }
  if (variant === 'compact') {
    return <UsageCompact usage={usage} lastTurnUsage={lastTurnUsage} className={className} />;
  }
  return <DetailedUsage usage={usage} lastTurnUsage={lastTurnUsage} className={className} />;
}

interface VariantProps {
  lastTurnUsage: TurnUsage | null | undefined;
  className: string | undefined;
}

function DetailedUsage({ usage, lastTurnUsage, className }: VariantProps & { usage: UsageSnapshot }) {
  const { summary, messages } = useUsageSummary(usage);
  return (
    <div className={cx('acp-usage-meter', className)} data-variant="detailed" data-status={summary.level}>
      <UsageDetails usage={usage} summary={summary} lastTurnUsage={lastTurnUsage} messages={messages} />
    </div>
  );
}

function NoUsage({ lastTurnUsage, className }: VariantProps) {
  const messages = useMessages('usageMeter', usageMeterMessages);
  return (
    <div className={cx('acp-usage-meter', className)} data-variant="detailed" data-status="empty">
      <p className="acp-usage-meter__empty">{messages.no_usage}</p>
      {lastTurnUsage && <LastTurnUsage usage={lastTurnUsage} messages={messages} />}
    </div>
  );
}
