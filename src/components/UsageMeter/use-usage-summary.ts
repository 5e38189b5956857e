import { useMemo } from 'react';
import type { UsageSnapshot } from '../../core/types.js';
import { format, useLocale, useMessages } from '../shared/index.js';
import { formatCost, formatPercent, formatTokens } from './format.js';
import { usageMeterMessages, type UsageMeterMessages } from './messages.js';
import { usageLevel, usagePercent, type UsageLevel } from './usage-level.js';

/** Everything both variants show, derived once from a usage snapshot. */
export interface UsageSummary {
  level: UsageLevel;
  /** Null when the window size is unknown (size 0). */
  percent: number | null;
  percentText: string | null;
  /** "31.4K of 200K tokens", or "31.4K tokens used" without a size. */
  figuresText: string;
  /** Screen-reader value: "31.4K of 200K tokens, 16%". */
  valueText: string;
  /** RFD wording for the level, or null below 75%. */
  advice: string | null;
  costText: string | null;
}

export function useUsageSummary(usage: UsageSnapshot): { summary: UsageSummary; messages: UsageMeterMessages } {
  const messages = useMessages('usageMeter', usageMeterMessages);
  const locale = useLocale();
  const summary = useMemo(() => summarize(usage, messages, locale), [usage, messages, locale]);
  return { summary, messages };
}

function summarize(usage: UsageSnapshot, messages: UsageMeterMessages, locale: string | undefined): UsageSummary {
  const percent = usagePercent(usage.used, usage.size);
  const level = usageLevel(percent);
  const used = formatTokens(usage.used, locale);
  const percentText = percent === null ? null : formatPercent(percent, locale);
  const figuresText = percent === null ? format(messages.used_only, { used }) : format(messages.used_of_size, { used, size: formatTokens(usage.size, locale) });
  const valueText = percentText === null ? figuresText : format(messages.value_text, { used, size: formatTokens(usage.size, locale), percent: percentText });
  return {
    level,
    percent,
    percentText,
    figuresText,
    valueText,
    advice: adviceFor(level, messages),
    costText: usage.cost ? formatCost(usage.cost, locale) : null,
  };
}

function adviceFor(level: UsageLevel, messages: UsageMeterMessages): string | null {
  switch (level) {
    case 'warning':
      return messages.advice_warning;
    case 'high':
      return messages.advice_high;
    case 'critical':
      return messages.advice_critical;
    default:
      return null;
  }
}
