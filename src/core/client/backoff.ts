/** Reconnect timing: exponential backoff with jitter, so many clients never retry in lockstep. */
import type { ReconnectOptions } from '../api.js';

export const DEFAULT_RECONNECT: Required<ReconnectOptions> = {
  enabled: true,
  initialDelayMs: 500,
  maxDelayMs: 15_000,
  factor: 2,
  jitter: 0.3,
  maxAttempts: Infinity,
};

export function reconnectDelay(attempt: number, options: Required<ReconnectOptions>, random: () => number = Math.random): number {
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * options.factor ** Math.max(0, attempt - 1));
  const spread = base * options.jitter;
  return Math.max(0, Math.round(base - spread + random() * spread * 2));
}
