import type { TurnUsage } from '../../core/types.js';
import { useLocale } from '../shared/index.js';
import { formatTokens } from './format.js';
import type { UsageMeterMessages } from './messages.js';

interface LastTurnUsageProps {
  usage: TurnUsage;
  messages: UsageMeterMessages;
}

/**
 * End-of-turn token usage. The field is unstable and agents disagree on whether it is per turn
 * or cumulative, so it is labelled approximate and optional counts appear only when reported.
 */
export function LastTurnUsage({ usage, messages }: LastTurnUsageProps) {
  const locale = useLocale();
  const rows: Array<[string, number | null | undefined]> = [
    [messages.turn_total, usage.totalTokens],
    [messages.turn_input, usage.inputTokens],
    [messages.turn_output, usage.outputTokens],
    [messages.turn_thought, usage.thoughtTokens],
    [messages.turn_cached_read, usage.cachedReadTokens],
    [messages.turn_cached_write, usage.cachedWriteTokens],
  ];
  return (
    <div className="acp-usage-meter__last-turn" data-slot="usage-meter-last-turn">
      <div className="acp-usage-meter__section-title">{messages.last_turn_label}</div>
      <dl className="acp-usage-meter__stats">
        {rows.map(([label, value]) =>
          typeof value === 'number' ? (
            <div key={label} className="acp-usage-meter__stat">
              <dt>{label}</dt>
              <dd>{formatTokens(value, locale)}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </div>
  );
}
