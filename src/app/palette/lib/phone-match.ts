import { formatInternational, formatNational } from '@contract/phone';
import { browserCountry, normalisePhoneFilter } from '@/features/calls/lib/phone-filter';

/*
 * A phone number as typed in the palette against the E.164 numbers of leads and calls. "+49 30 1234567",
 * "0049 30 1234567", "0049301234567", "tel:+49-30-1234567" and (a German number's national form)
 * "030 1234567" all find +49301234567, whatever country the browser is in: a national form is compared
 * with each stored number's own national form. Heavy (full phone metadata): the palette imports this
 * module only when digits are typed.
 */

export interface PhoneQuery {
  /** The typed number's digits, after the international prefix ("+" or "00"). */
  digits: string;
  /** "+…"/"00…": international; "0…": a national form with its trunk prefix; else digits alone. */
  kind: 'international' | 'national' | 'bare';
  /** The whole number in E.164, when it reads as a valid one (national forms in the browser's country). */
  e164: string | null;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

export function readPhoneQuery(text: string): PhoneQuery | null {
  const compact = text.trim().replace(/^tel:/i, '').replace(/[\s().\-/]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const international = compact.startsWith('+') || /^00[1-9]/.test(compact);
  const digits = compact.startsWith('+') ? compact.slice(1) : international ? compact.slice(2) : compact;
  if (digits.length < 3) return null;
  const filter = normalisePhoneFilter(text, browserCountry());
  return {
    digits,
    kind: international ? 'international' : compact.startsWith('0') ? 'national' : 'bare',
    e164: filter.state === 'valid' ? filter.e164 : null,
  };
}

const nationalDigits = new Map<string, string>();
/** The digits of a number's national form ("+49301234567" → "0301234567"), remembered per number. */
function nationalDigitsOf(e164: string): string {
  let digits = nationalDigits.get(e164);
  if (digits === undefined) {
    digits = digitsOf(formatNational(e164));
    if (nationalDigits.size > 20_000) nationalDigits.clear();
    nationalDigits.set(e164, digits);
  }
  return digits;
}

/** Whether a stored number (E.164) is the typed one, or starts with it (typing goes on). */
export function phoneMatches(stored: string | null | undefined, query: PhoneQuery): boolean {
  if (!stored) return false;
  if (query.e164 && stored === query.e164) return true;
  const full = digitsOf(stored);
  switch (query.kind) {
    case 'international':
      return full.startsWith(query.digits);
    case 'national':
      return nationalDigitsOf(stored).startsWith(query.digits);
    case 'bare':
      // Digits alone: anywhere in the number, once there are enough of them to mean something.
      return query.digits.length >= 4 && (full.includes(query.digits) || nationalDigitsOf(stored).includes(query.digits));
  }
}

/** A stored number for reading: "+49 30 1234567". */
export function displayPhone(e164: string | null | undefined): string {
  return e164 ? formatInternational(e164) : '';
}
