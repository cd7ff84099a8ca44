/*
 * Numbers, money, dates and times in the chosen language, through Intl. The formatters are made once per
 * language and options (Intl constructors are slow); a page reload follows a language switch, so the
 * current locale is read at call time and the cache key carries it.
 */
import { currentLocale } from './locale';

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat;
const cache = new Map<string, Formatter>();

let lastLocale: { language: string; preferred: readonly string[] | null; key: string; value: string } = { language: '', preferred: null, key: '', value: '' };

/**
 * The Intl locale for the chosen language: the browser's own regional form of it when it has one (an
 * en-GB browser reads "12 May 2025, 14:03", an en-US one "May 12, 2025, 2:03 PM", de-AT and de-CH their
 * own), else the bare language.
 */
export function intlLocale(): string {
  const language = currentLocale();
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  // Asked for every number and date a table cell shows. The browser hands out the same languages array
  // until they change, so the answer is found by identity first, without joining the list into a key.
  if (language === lastLocale.language && preferred === lastLocale.preferred) return lastLocale.value;
  const key = `${language}|${preferred.join(',')}`;
  if (key === lastLocale.key) {
    lastLocale = { ...lastLocale, language, preferred };
    return lastLocale.value;
  }
  const regional = preferred.find((tag) => typeof tag === 'string' && tag.toLowerCase().split('-')[0] === language);
  let value: string = language;
  try {
    value = regional ? (Intl.getCanonicalLocales(regional)[0] ?? language) : language;
  } catch {
    // a malformed browser language: the bare language
  }
  lastLocale = { language, preferred, key, value };
  return value;
}

/*
 * The formatter last made for an options object, found without serialising the options: callers that
 * format many values (a table's cells) pass the same constant object each time. Options objects are
 * never changed after they are passed here.
 */
const byOptions = new WeakMap<object, { key: string; f: Formatter }>();

function cached<T extends Formatter>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = intlLocale();
  const quick = `${kind}|${locale}`;
  const hit = byOptions.get(options);
  if (hit && hit.key === quick) return hit.f as T;
  const key = `${quick}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make(locale);
    cache.set(key, f);
  }
  byOptions.set(options, { key: quick, f });
  return f;
}

export const DASH = '—';

/** The default options, one object, so the plainest call finds its formatter by identity too. */
const PLAIN: Intl.NumberFormatOptions = {};

export function numberFormat(options: Intl.NumberFormatOptions = PLAIN): Intl.NumberFormat {
  return cached('n', options, (l) => new Intl.NumberFormat(l, options));
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('d', options, (l) => new Intl.DateTimeFormat(l, options));
}

export function relativeTimeFormat(options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' }): Intl.RelativeTimeFormat {
  return cached('r', options, (l) => new Intl.RelativeTimeFormat(l, options));
}

/** "a, b and c" / "a, b und c". */
export function formatList(items: readonly string[], type: Intl.ListFormatType = 'conjunction'): string {
  return cached('l', { type }, (l) => new Intl.ListFormat(l, { style: 'long', type })).format(items);
}

/** A count or amount: "1,234.5" / "1.234,5"; "—" for nothing usable. */
export function formatNumber(value: number | null | undefined, options: Intl.NumberFormatOptions = PLAIN): string {
  return value == null || !Number.isFinite(value) ? DASH : numberFormat(options).format(value);
}

/** A share 0..1 as "42 %" (German) / "42%" (English). */
export function formatPercent(ratio: number | null | undefined, maximumFractionDigits = 0): string {
  return formatNumber(ratio, { style: 'percent', maximumFractionDigits });
}

/** Money in its currency ("$100.67" / "100,67 $"); the service counts in US dollars. */
export function formatCurrency(
  amount: number | null | undefined,
  currency = 'USD',
  digits: { min?: number; max?: number } = {},
): string {
  return formatNumber(amount, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits.min ?? 2,
    maximumFractionDigits: digits.max ?? Math.max(2, digits.min ?? 2),
  });
}

/** The same options in UTC, one object per caller's options (so the formatter is found by identity). */
const utcOptions = new WeakMap<Intl.DateTimeFormatOptions, Intl.DateTimeFormatOptions>();
const WALL_CLOCK_DEFAULT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * A wall-clock time as the service wrote it ("2025-05-12 14:03:09", no zone): shown as that same wall
 * clock in the reader's language ("12 May 2025, 14:03" / "12. Mai 2025, 14:03"), never shifted to the
 * browser's zone. Parsed as UTC and formatted in UTC for exactly that reason. Anything else as it came.
 */
export function formatWallClock(value: string | null | undefined, options: Intl.DateTimeFormatOptions = WALL_CLOCK_DEFAULT): string {
  if (!value) return DASH;
  const m = SERVICE_TIME.exec(value);
  if (!m) return value;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (Number.isNaN(date.getTime())) return value;
  let utc = utcOptions.get(options);
  if (!utc) {
    utc = { ...options, timeZone: 'UTC' };
    utcOptions.set(options, utc);
  }
  return dateTimeFormat(utc).format(date);
}

/**
 * An instant (ISO with a zone, epoch ms, or the older zone-less "YYYY-MM-DD HH:MM:SS" read as UTC) in the
 * browser's zone, in the reader's language.
 */
export function formatInstant(
  value: string | number | Date | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  if (value == null || value === '') return DASH;
  const text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = text instanceof Date ? text : new Date(text);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat(options).format(date);
}

/**
 * A call's length as a clock ("1:05", "1:02:03"): digits and colons read the same in both languages.
 * Use `formatDurationWords` where a sentence needs it in words.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return DASH;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** "2 min 5 s" / "2 Min. 5 Sek.": a length in units of the reader's language. */
export function formatDurationWords(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return DASH;
  const s = Math.round(seconds);
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    numberFormat({ style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const h = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts = [h ? unit(h, 'hour') : '', min ? unit(min, 'minute') : '', sec || (!h && !min) ? unit(sec, 'second') : ''];
  return parts.filter(Boolean).join(' ');
}
