import { WEEKDAYS } from '../../../../contract/campaign';

/** "09:00:00" or "9:00" (hosted forms) to "09:00"; anything else as it came. */
export function formatHour(value: string | null): string {
  if (!value) return '';
  const m = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : value;
}

export function formatHours(start: string | null, end: string | null): string {
  if (!start && !end) return '';
  return `${formatHour(start)}–${formatHour(end)}`;
}

const SHORT: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/**
 * Allowed days, short and in week order: runs of three or more days as a range ("Mon–Fri"), every day
 * as "Every day". Days the console does not know are shown as they came, at the end.
 */
export function formatDays(days: readonly string[]): string {
  const lower = new Set(days.map((d) => d.toLowerCase()));
  const known = WEEKDAYS.map((d, i) => (lower.has(d) ? i : -1)).filter((i) => i >= 0);
  const unknown = days.filter((d) => !(WEEKDAYS as readonly string[]).includes(d.toLowerCase()));
  if (known.length === 7 && unknown.length === 0) return 'Every day';
  const parts: string[] = [];
  let i = 0;
  while (i < known.length) {
    let j = i;
    while (j + 1 < known.length && known[j + 1] === known[j]! + 1) j++;
    const from = SHORT[WEEKDAYS[known[i]!]!]!;
    const to = SHORT[WEEKDAYS[known[j]!]!]!;
    if (j - i >= 2) parts.push(`${from}–${to}`);
    else for (let k = i; k <= j; k++) parts.push(SHORT[WEEKDAYS[known[k]!]!]!);
    i = j + 1;
  }
  return [...parts, ...unknown].join(', ');
}

/** Minutes as "45 min", "2 h", "1 h 30 min", "3 days". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '';
  if (minutes < 60) return `${minutes} min`;
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Days and hours on one line; a host that sent neither gets "—", never a lone separator. */
export function formatSchedule(days: readonly string[], start: string | null, end: string | null): string {
  const parts = [formatDays(days), formatHours(start, end)].filter((p) => p !== '');
  return parts.length ? parts.join(' · ') : '—';
}

export function formatRetries(retries: number | null, interval: number | null): string {
  if (retries === null) return '';
  return `${retries} × ${interval !== null ? `every ${formatMinutes(interval)}` : ''}`.trim();
}

export const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};
