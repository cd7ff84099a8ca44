/*
 * Calendar days in a time zone as ranges of UTC instants, for "today" and "yesterday" on the overview.
 * Done with Intl (the zone names the request validated with), not the database's tz tables, which may
 * know other names. A day is [its first instant, the next day's first instant): 23 or 25 hours around
 * daylight-saving changes, and it starts at 01:00 where midnight itself is skipped.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) in the zone at an instant. */
export function localDate(instant: Date | number, timeZone: string): string {
  const parts = formatFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The date `days` after `date` (negative: before), as calendar arithmetic. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first instant whose local date in the zone is `date` or later. */
export function startOfDay(date: string, timeZone: string): Date {
  const wallMidnight = new Date(`${date}T00:00:00Z`).getTime();
  // Every zone's offset is within ±14 h: the day starts inside this window, found to the second.
  let lo = Math.floor((wallMidnight - 15 * 3_600_000) / 1000);
  let hi = Math.floor((wallMidnight + 15 * 3_600_000) / 1000);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(mid * 1000, timeZone) >= date) hi = mid;
    else lo = mid + 1;
  }
  return new Date(lo * 1000);
}

export interface DayRange {
  date: string;
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** The zone's today and yesterday at `now`. */
export function todayAndYesterday(now: Date, timeZone: string): { today: DayRange; yesterday: DayRange } {
  const today = localDate(now, timeZone);
  const yesterday = addDays(today, -1);
  const todayStart = startOfDay(today, timeZone);
  return {
    today: { date: today, from: todayStart, to: startOfDay(addDays(today, 1), timeZone) },
    yesterday: { date: yesterday, from: startOfDay(yesterday, timeZone), to: todayStart },
  };
}
