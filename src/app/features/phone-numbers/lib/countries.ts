import { regionName } from '@/lib/region-name';

/*
 * Countries a number can be bought in. The local service stocks the first six; the hosted service's
 * search documents the others. A country the host has no stock for answers an empty list, said as such.
 */
export const PURCHASE_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'AT', 'CH', 'CA', 'AU', 'NL', 'IT', 'PL', 'DK', 'FI', 'IL'] as const;
export type PurchaseCountry = (typeof PURCHASE_COUNTRIES)[number];

/** "Germany" for "DE"; the code itself when the browser cannot name it; null for nothing usable. */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return code || null;
  return regionName(code) ?? code.toUpperCase();
}

/** `contains` as the search takes it: digits only, at most 10. */
export function cleanDigits(v: string): string {
  return v.replace(/\D/g, '').slice(0, 10);
}
