import { currentLocale } from '@/i18n';

/*
 * The IANA time zones this browser knows (Intl.supportedValuesOf), labelled for search: "America/New York
 * (UTC-05:00)" so typing "new york" or "+05" finds it. The value stays the zone name the API takes; the
 * offset is written by Intl in the reader's language.
 */

export interface TimeZoneOption {
  value: string;
  label: string;
}

/** The zone's offset at `at`, as Intl writes it in `locale` (made once per zone: the list itself is cached). */
function offsetOf(zone: string, at: Date, locale: string): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part || part === 'GMT') return 'UTC+00:00';
    return part.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

let cache: { locale: string; options: TimeZoneOption[] } | null = null;

/** Every zone, sorted by name; `UTC` always there. Computed once per language. */
export function timeZoneOptions(): TimeZoneOption[] {
  const locale = currentLocale();
  if (cache?.locale === locale) return cache.options;
  const now = new Date();
  const zones = [...new Set(['UTC', ...supportedZones()])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
  const options = zones.map((zone) => {
    const offset = offsetOf(zone, now, locale);
    return { value: zone, label: `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}` };
  });
  cache = { locale, options };
  return options;
}

/** The options with `current` among them even when this browser does not list it (an old or odd zone). */
export function timeZoneOptionsWith(current: string): TimeZoneOption[] {
  const all = timeZoneOptions();
  if (!current || all.some((o) => o.value === current)) return all;
  return [{ value: current, label: current }, ...all];
}
