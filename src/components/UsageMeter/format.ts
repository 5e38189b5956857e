import type { Cost } from '@agentclientprotocol/sdk';
import { numberFormat } from '../../i18n/number-format.js';

/** Token counts the way people read them: "31.4K", "200K", "1.2M". */
export function formatTokens(count: number, locale: string | undefined): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** "16%"; a sliver under 1% keeps one decimal so it does not read as empty. */
export function formatPercent(percent: number, locale: string | undefined): string {
  const digits = percent > 0 && percent < 1 ? 1 : 0;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(percent / 100);
}

/**
 * Cumulative session cost. `currency` is meant to be ISO 4217, but the SDK also allows units such
 * as "credits", which Intl rejects: those are shown as a plain number followed by the unit.
 * Sub-unit amounts keep up to four decimals, since per-session costs are often a few cents.
 */
export function formatCost(cost: Cost, locale: string | undefined): string {
  const small = Math.abs(cost.amount) < 1 && cost.amount !== 0;
  if (/^[A-Za-z]{3}$/.test(cost.currency)) {
    try {
      return numberFormat(locale, {
        style: 'currency',
        currency: cost.currency,
        maximumFractionDigits: small ? 4 : undefined,
      }).format(cost.amount);
    } catch {
      // Not a currency this engine knows: fall through to number + unit.
    }
  }
  const amount = numberFormat(locale, { maximumFractionDigits: small ? 4 : 2 }).format(cost.amount);
  return `${amount} ${cost.currency}`;
}
