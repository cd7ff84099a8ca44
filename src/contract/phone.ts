import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/*
 * Phone numbers are E.164 everywhere in the API. The service and the console share this one parser
 * (full metadata, so "valid" means the same on both sides). Heavy: the console imports it only from
 * the pages that need it.
 */

export type { CountryCode };

export function toE164(input: string, defaultCountry?: CountryCode): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

export function formatNational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatNational() : e164;
}

export function formatInternational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}

export function countryOf(e164: string): CountryCode | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}
