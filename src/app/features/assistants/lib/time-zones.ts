/*
 * The IANA time zones this browser knows (Intl.supportedValuesOf), labelled for search: "America/New York
 * (UTC-05:00)" so typing "new york" or "+05" finds it. The value stays the zone name the API takes.
 */

export interface TimeZoneOption {
  value: string;
  label: string;
}

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
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

let cache: TimeZoneOption[] | null = null;

/** Every zone, sorted by name; `UTC` always there. Computed once. */
export function timeZoneOptions(): TimeZoneOption[] {
  if (cache) return cache;
  const now = new Date();
  const zones = [...new Set(['UTC', ...supportedZones()])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
  cache = zones.map((zone) => {
    const offset = offsetOf(zone, now);
    return { value: zone, label: `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}` };
  });
  return cache;
}

/** The options with `current` among them even when this browser does not list it (an old or odd zone). */
export function timeZoneOptionsWith(current: string): TimeZoneOption[] {
  const all = timeZoneOptions();
  if (!current || all.some((o) => o.value === current)) return all;
  return [{ value: current, label: current }, ...all];
}
