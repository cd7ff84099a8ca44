import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { countryOf, formatInternational, formatNational, toE164, type CountryCode } from '@contract/phone';
import { m } from '@/i18n';
import { currentLocale } from '@/i18n/locale';

/*
 * Phone numbers in the console: what a person types (national or international, any punctuation) and the
 * country it is read in, to the API's E.164. The full metadata build (`/max`) is the one the contract and
 * the service use, so "valid" means the same on both sides. Heavy: only the leads pages and the test-call
 * dialog import this file.
 */

export { countryOf, formatInternational, formatNational, toE164, type CountryCode };

/** What the phone input holds: the text as shown, and the country it is read in. */
export interface PhoneValue {
  country: CountryCode;
  text: string;
}

export const FALLBACK_COUNTRY: CountryCode = 'US';

const knownCountries = new Set<string>(getCountries());

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && knownCountries.has(value);
}

/** The country of the browser's language ("de-DE" -> DE), else the fallback. */
export function browserCountry(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): CountryCode {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (isCountryCode(region)) return region;
    } catch {
      // a malformed language tag: try the next
    }
  }
  return FALLBACK_COUNTRY;
}

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in the reader's language ("Germany" / "Deutschland"). */
function countryName(code: CountryCode): string {
  try {
    const locale = currentLocale();
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export interface CountryOption {
  value: CountryCode;
  /** "Germany +49" */
  label: string;
  name: string;
  callingCode: string;
}

const cachedOptions = new Map<string, CountryOption[]>();
/** Every country libphonenumber knows, by name in the reader's language, with its calling code. */
export function countryOptions(): CountryOption[] {
  const locale = currentLocale();
  let options = cachedOptions.get(locale);
  if (!options) {
    options = getCountries()
      .map((code) => {
        const name = countryName(code);
        const callingCode = getCountryCallingCode(code);
        return { value: code, name, callingCode, label: `${name} +${callingCode}` };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    cachedOptions.set(locale, options);
  }
  return options;
}

/** The phone value a stored E.164 number opens with: its own country, national format. */
export function phoneValueFromE164(e164: string | null | undefined, fallback: CountryCode): PhoneValue {
  if (!e164) return { country: fallback, text: '' };
  const country = countryOf(e164);
  if (!country) return { country: fallback, text: e164 };
  return { country, text: formatNational(e164) };
}

/** E.164 of a phone value, or null when it is not a valid number (empty included). */
export function e164Of(value: PhoneValue | null | undefined): string | null {
  if (!value) return null;
  return toE164(value.text, value.country);
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * The text to show after a keystroke, formatted as you type: national format for the chosen country, or
 * international when the person typed a leading "+" (the country then follows the number). `previous`
 * tells a deleted formatting character (the digits did not change) from a deleted digit: deleting ")"
 * removes the digit before it, so backspace never gets stuck.
 */
export function formatAsYouType(next: string, previous: string, country: CountryCode): { text: string; country: CountryCode } {
  let raw = next;
  const international = raw.trimStart().startsWith('+');
  if (next.length < previous.length && digitsOf(next) === digitsOf(previous)) {
    // Only formatting was deleted: drop the last digit instead.
    const digits = digitsOf(next);
    raw = (international ? '+' : '') + digits.slice(0, -1);
  }
  // Keep only what a phone number is made of; letters and the like go.
  const cleaned = (raw.trimStart().startsWith('+') ? '+' : '') + digitsOf(raw);
  if (cleaned === '' || cleaned === '+') return { text: cleaned, country };
  const formatter = new AsYouType(cleaned.startsWith('+') ? undefined : country);
  const text = formatter.input(cleaned);
  const detected = formatter.getCountry();
  return { text, country: cleaned.startsWith('+') && detected ? detected : country };
}

/**
 * After the field loses focus: a valid international number is shown in its country's national format
 * with that country picked; anything else stays as typed.
 */
export function normalizeOnBlur(value: PhoneValue): PhoneValue {
  const parsed = parsePhoneNumberFromString(value.text.trim(), value.country);
  if (!parsed || !parsed.isValid()) return value;
  const country = parsed.country ?? value.country;
  return { country, text: parsed.formatNational() };
}

/**
 * Why a number is refused, in the words the service would use (in the reader's language). `field` names
 * the field in the reader's language; without it, the lead's phone number.
 */
export function phoneProblem(value: PhoneValue, field?: string): string | null {
  if (value.text.trim() === '') return field === undefined ? m.leads_phone_required() : m.leads_phone_field_required({ field });
  if (e164Of(value) === null) {
    const where = { country: countryName(value.country), code: getCountryCallingCode(value.country) };
    return field === undefined ? m.leads_phone_invalid(where) : m.leads_phone_field_invalid({ field, ...where });
  }
  return null;
}

export function describeCountry(country: CountryCode): string {
  return `${countryName(country)} +${getCountryCallingCode(country)}`;
}
