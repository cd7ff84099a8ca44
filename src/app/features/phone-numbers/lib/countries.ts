import { currentLocale } from '@/i18n';

/*
 * Countries a number can be bought in. The local service stocks the first six; the hosted service's
 * search documents the others. A country the host has no stock for answers an empty list, said as such.
 */
export const PURCHASE_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'AT', 'CH', 'CA', 'AU', 'NL', 'IT', 'PL', 'DK', 'FI', 'IL'] as const;
export type PurchaseCountry = (typeof PURCHASE_COUNTRIES)[number];

const namers = new Map<string, Intl.DisplayNames | null>();

/** Region names in the reader's language, made once per language. */
function regionNames(): Intl.DisplayNames | null {
  const locale = currentLocale();
  if (!namers.has(locale)) {
    try {
      namers.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      namers.set(locale, null);
    }
  }
  return namers.get(locale) ?? null;
}

/** "Germany" / "Deutschland" for "DE"; null when the code is not one or the browser cannot name it. */
export function regionName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    return regionNames()?.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** "Germany" for "DE"; the code itself when the browser cannot name it; null for nothing usable. */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return code || null;
  return regionName(code) ?? code.toUpperCase();
}

/** `contains` as the search takes it: digits only, at most 10. */
export function cleanDigits(v: string): string {
  return v.replace(/\D/g, '').slice(0, 10);
}
