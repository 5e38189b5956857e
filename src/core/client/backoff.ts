/** Reconnect timing: exponential backoff with jitter, so many clients never retry in lockstep. */

export interface ReconnectOptions {
  /** Default true when the transport can be reopened (a `url` or a stream factory). */
  enabled?: boolean;
  initialDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  /** Fraction of the delay randomized, 0..1. */
  jitter?: number;
  /** Give up after this many failed attempts (default: never). */
  maxAttempts?: number;
}

export const DEFAULT_RECONNECT: Required<ReconnectOptions> = {
  enabled: true,
  initialDelayMs: 500,
  maxDelayMs: 15_000,
  factor: 2,
  jitter: 0.3,
  maxAttempts: Number.POSITIVE_INFINITY,
};

export function reconnectDelay(attempt: number, options: Required<ReconnectOptions>, random: () => number = Math.random): number {
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * options.factor ** Math.max(0, attempt - 1));
  const spread = base * options.jitter;
  return Math.max(0, Math.round(base - spread + random() * spread * 2));
}
