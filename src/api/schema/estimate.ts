/**
 * The estimate of a new order (docs/API.md, "Order estimate"): one rule, shared by the server (which stores it on
 * the work request it makes, `POST /workrequests`) and the app (which shows it before the order is placed). The
 * spec's `estimate` is `{base, applied}`, two amounts as text ("1234.50 USD"), as the demo's orders carry it.
 */

/** What one line of a translation costs (the middle of the demo data's 4–9 USD a line). */
export const ESTIMATE_PER_LINE = 6.5;
/** The least an order costs, however short. */
export const ESTIMATE_MINIMUM = 150;
export const ESTIMATE_CURRENCY = 'USD';

/** An amount as the spec's estimate spells it: two decimals and the currency ("975.00 USD"). */
export function formatAmount(amount: number): string {
  return `${amount.toFixed(2)} ${ESTIMATE_CURRENCY}`;
}

/**
 * The estimate of an order whose translations hold `lineCount` lines in all (dialogue and graphics tracks):
 * `base` = the lines at ESTIMATE_PER_LINE, at least ESTIMATE_MINIMUM; `applied` (after a studio's terms) is the
 * base, as no terms are recorded.
 */
export function orderEstimate(lineCount: number): { base: string; applied: string } {
  const lines = Number.isFinite(lineCount) && lineCount > 0 ? Math.floor(lineCount) : 0;
  const base = formatAmount(Math.max(ESTIMATE_MINIMUM, lines * ESTIMATE_PER_LINE));
  return { base, applied: base };
}
