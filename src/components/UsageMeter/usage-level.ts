/** How full the context window is, using the session-usage RFD thresholds. */
export type UsageLevel = 'normal' | 'warning' | 'high' | 'critical';

/**
 * Share of the context window in use, in percent, or null when it cannot be known.
 * Agents without a meaningful window do not send usage at all, but a `size` of 0 must not
 * turn into Infinity or NaN on screen.
 */
export function usagePercent(used: number, size: number): number | null {
  if (!Number.isFinite(used) || !Number.isFinite(size) || size <= 0) return null;
  return (Math.max(0, used) / size) * 100;
}

/** Below 75% normal, 75–90% warning, 90–95% high, above 95% critical. */
export function usageLevel(percent: number | null): UsageLevel {
  if (percent === null || percent < 75) return 'normal';
  if (percent < 90) return 'warning';
  if (percent <= 95) return 'high';
  return 'critical';
}
