import type { ProgressPoint } from '../../../../contract/live';
import { parseServiceTime } from '../../live/lib/time';

/** One bucket of the chart and its table: the bucket's start in this browser's time, and its counts. */
export interface SeriesRow {
  key: string;
  label: string;
  calls: number;
  answered: number;
  completed_leads: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Buckets as rows, oldest first. Labels are local clock times (with seconds for buckets under a minute,
 * with the day when the series spans more than one); a bucket whose time is unreadable keeps the text.
 */
export function seriesRows(series: readonly ProgressPoint[], bucketSeconds: number | null): SeriesRow[] {
  const times = series.map((p) => parseServiceTime(p.at));
  const known = times.filter((t): t is number => t !== null);
  const days = new Set(known.map((t) => new Date(t).toDateString()));
  const seconds = bucketSeconds !== null && bucketSeconds < 60;
  return series.map((p, i) => {
    const t = times[i] ?? null;
    let label = p.at ?? `#${i + 1}`;
    if (t !== null) {
      const d = new Date(t);
      label = `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
      if (days.size > 1) label = `${d.getDate()}/${d.getMonth() + 1} ${label}`;
    }
    return { key: `${i}-${p.at ?? ''}`, label, calls: p.calls ?? 0, answered: p.answered ?? 0, completed_leads: p.completed_leads ?? 0 };
  });
}

/** "Buckets of 30 seconds", "Buckets of 5 minutes". */
export function describeBucket(bucketSeconds: number | null): string | null {
  if (bucketSeconds === null || !(bucketSeconds > 0)) return null;
  if (bucketSeconds % 3600 === 0) return `Each bar is ${bucketSeconds / 3600} hour${bucketSeconds === 3600 ? '' : 's'}`;
  if (bucketSeconds % 60 === 0) return `Each bar is ${bucketSeconds / 60} minute${bucketSeconds === 60 ? '' : 's'}`;
  return `Each bar is ${bucketSeconds} seconds`;
}
