import { getLocale, locales, overwriteGetLocale, setLocale } from '@/paraglide/runtime.js';

export type Locale = (typeof locales)[number];
export { locales };

/** Each language in its own words: a German reader looks for "Deutsch" whichever language is on. */
export const localeNames: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/**
 * The language in use: the one chosen on the sign-in page or in Settings (kept in localStorage), else the
 * browser's first language we speak, else English.
 */
export function currentLocale(): Locale {
  return getLocale();
}

/**
 * Switches the language and reloads the page, so every text, formatter and cached label is made anew in
 * it (a form with unsaved changes asks first, through the browser's leave-page prompt).
 */
export function changeLocale(next: Locale): void {
  if (next === getLocale()) return;
  void setLocale(next);
}

/**
 * `<html lang>` follows the language, so screen readers speak it and the browser hyphenates it. And the
 * language is read once per page: it only changes through a reload (changeLocale), while Paraglide's
 * getLocale walks its strategies (localStorage, the browser's languages) again on every message call —
 * ~2.5 ms of each call-log filter change (bench:calls --profile). Tests, which switch without a reload,
 * never run this.
 */
export function applyDocumentLocale(): void {
  const locale = getLocale();
  overwriteGetLocale(() => locale);
  document.documentElement.lang = locale;
}
