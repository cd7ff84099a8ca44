import { formatCurrency } from '@/i18n/format';

/*
 * Money as the hosted service states it: balances and prices in US dollars (the search docs say so for
 * prices; the balance is the same account's credit). Rounded to cents for people, in the reader's
 * language ("$100.67" / "100,67 $"); the raw value (often eight decimals) stays in the data.
 */

/** "$100.67", or "—" when the host sent nothing usable. */
export function formatMoney(amount: number | null | undefined): string {
  return formatCurrency(amount, 'USD');
}

/** The balance left after spending `price`; null when either is unknown. Rounded to cents to avoid 0.1+0.2 noise. */
export function balanceAfter(balance: number | null | undefined, price: number | null | undefined): number | null {
  if (balance === null || balance === undefined || price === null || price === undefined) return null;
  if (!Number.isFinite(balance) || !Number.isFinite(price)) return null;
  return Math.round((balance - price) * 100) / 100;
}
