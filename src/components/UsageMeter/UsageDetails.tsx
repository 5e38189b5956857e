import type { TurnUsage, UsageSnapshot } from '../../core/types.js';
import { LastTurnUsage } from './LastTurnUsage.js';
import type { UsageMeterMessages } from './messages.js';
import type { UsageSummary } from './use-usage-summary.js';

interface UsageDetailsProps {
  usage: UsageSnapshot;
  summary: UsageSummary;
  lastTurnUsage: TurnUsage | null | undefined;
  messages: UsageMeterMessages;
}

/** The full reading: figures, bar, threshold advice, cost and last-turn tokens. */
export function UsageDetails({ usage, summary, lastTurnUsage, messages }: UsageDetailsProps) {
  const { percent } = summary;
  return (
    <>
      <div className="acp-usage-meter__header" data-slot="usage-meter-header">
        <span className="acp-usage-meter__label">{messages.label}</span>
        <span className="acp-usage-meter__figures" data-slot="usage-meter-figures">
          {summary.figuresText}
          {summary.percentText !== null && <span className="acp-usage-meter__percent"> · {summary.percentText}</span>}
        </span>
      </div>
      {percent !== null && (
        // Values in tokens so assistive tech can read them exactly; the bar is clamped at full.
        <div
          className="acp-usage-meter__bar"
          data-slot="usage-meter-bar"
          role="meter"
          aria-label={messages.meter_label}
          aria-valuemin={0}
          aria-valuemax={usage.size}
          aria-valuenow={Math.min(Math.max(0, usage.used), usage.size)}
          aria-valuetext={summary.valueText}
        >
          <div className="acp-usage-meter__fill" style={{ width: `${Math.min(100, percent)}%` }} />
        </div>
      )}
      {/* Kept mounted and polite so crossing a threshold is announced once, not every update. */}
      <p className="acp-usage-meter__advice" data-slot="usage-meter-advice" role="status">
        {summary.advice}
      </p>
      {summary.costText !== null && (
        <dl className="acp-usage-meter__stats" data-slot="usage-meter-cost">
          <div className="acp-usage-meter__stat">
            <dt>{messages.cost_label}</dt>
            <dd>{summary.costText}</dd>
          </div>
        </dl>
      )}
      {lastTurnUsage && <LastTurnUsage usage={lastTurnUsage} messages={messages} />}
    </>
  );
}
