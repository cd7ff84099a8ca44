import { WEEKDAYS } from '@contract/campaign';
import { m } from '@/i18n';
import { dateTimeFormat, formatNumber } from '@/i18n/format';

type Weekday = (typeof WEEKDAYS)[number];

/** A campaign's name, or "Campaign 7" for one without. */
export function campaignName(c: { id: number; name: string }): string {
  return c.name || m.campaigns_campaign_fallback({ id: c.id });
}

/** "09:00:00" or "9:00" (hosted forms) to "09:00"; anything else as it came. */
export function formatHour(value: string | null): string {
  if (!value) return '';
  const match = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : value;
}

export function formatHours(start: string | null, end: string | null): string {
  if (!start && !end) return '';
  return `${formatHour(start)}–${formatHour(end)}`;
}

/** A weekday's name in the reader's language, from Intl: 1 January 2024 was a Monday. */
export function weekdayName(day: Weekday, width: 'short' | 'long' = 'short'): string {
  const index = WEEKDAYS.indexOf(day);
  return dateTimeFormat({ weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + index)));
}

/**
 * Allowed days, short and in week order: runs of three or more days as a range ("Mon–Fri"), every day
 * as "Every day". Days the console does not know are shown as they came, at the end.
 */
export function formatDays(days: readonly string[]): string {
  const lower = new Set(days.map((d) => d.toLowerCase()));
  const known = WEEKDAYS.map((d, i) => (lower.has(d) ? i : -1)).filter((i) => i >= 0);
  const unknown = days.filter((d) => !(WEEKDAYS as readonly string[]).includes(d.toLowerCase()));
  if (known.length === 7 && unknown.length === 0) return m.campaigns_every_day();
  const parts: string[] = [];
  let i = 0;
  while (i < known.length) {
    let j = i;
    while (j + 1 < known.length && known[j + 1] === known[j]! + 1) j++;
    const from = weekdayName(WEEKDAYS[known[i]!]!);
    const to = weekdayName(WEEKDAYS[known[j]!]!);
    if (j - i >= 2) parts.push(`${from}–${to}`);
    else for (let k = i; k <= j; k++) parts.push(weekdayName(WEEKDAYS[known[k]!]!));
    i = j + 1;
  }
  return [...parts, ...unknown].join(', ');
}

/** Minutes as "45 min", "2 h", "1 h 30 min", "3 days". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '';
  if (minutes < 60) return m.campaigns_minutes_short({ minutes: formatNumber(minutes) });
  if (minutes % 1440 === 0) return m.campaigns_days_count({ count: formatNumber(minutes / 1440) });
  const hours = formatNumber(Math.floor(minutes / 60));
  const rest = minutes % 60;
  return rest === 0 ? m.campaigns_hours_short({ hours }) : m.campaigns_hours_minutes_short({ hours, minutes: formatNumber(rest) });
}

/** Days and hours on one line; a host that sent neither gets "—", never a lone separator. */
export function formatSchedule(days: readonly string[], start: string | null, end: string | null): string {
  const parts = [formatDays(days), formatHours(start, end)].filter((p) => p !== '');
  return parts.length ? parts.join(' · ') : '—';
}

export function formatRetries(retries: number | null, interval: number | null): string {
  if (retries === null) return '';
  const count = formatNumber(retries);
  return interval !== null ? m.campaigns_retries_every({ count, interval: formatMinutes(interval) }) : `${count} ×`;
}
