import { toE164, type CountryCode } from '@contract/phone';

/*
 * The phone filter takes what a person types ("+49 30 1234567", "0049 30 1234567", "(415) 555-0123",
 * "tel:+1-415-555-0123") and gives the E.164 form the API filters on. Heavy (full phone metadata):
 * only the call pages import this module.
 */

export type PhoneFilter = { state: 'empty' } | { state: 'valid'; e164: string } | { state: 'invalid' };

/** The country a national number is read in: the browser's region, else none (then only +… parses). */
export function browserCountry(languages: readonly string[] = navigatorLanguages()): CountryCode | undefined {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region as CountryCode;
    } catch {
      // an invalid tag: try the next
    }
  }
  return undefined;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function normalisePhoneFilter(input: string, defaultCountry?: CountryCode): PhoneFilter {
  let text = input.trim().replace(/^tel:/i, '').trim();
  if (text === '') return { state: 'empty' };
  // "00" is the international prefix almost everywhere; libphonenumber only reads it with a matching country.
  if (/^00[1-9]/.test(text.replace(/[\s().-]/g, ''))) text = `+${text.replace(/[\s().-]/g, '').slice(2)}`;
  if (/[a-z]{2,}/i.test(text)) return { state: 'invalid' };
  const e164 = toE164(text, defaultCountry);
  return e164 ? { state: 'valid', e164 } : { state: 'invalid' };
}
