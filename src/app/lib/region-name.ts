import { currentLocale } from '@/i18n';

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
