import type { ProgressPoint } from '@contract/live';
import { m } from '@/i18n';
import { dateTimeFormat, numberFormat } from '@/i18n/format';
import { parseServiceTime } from '@/live/time';

/** One bucket of the chart and its table: the bucket's start in this browser's time, and its counts. */
export interface SeriesRow {
  key: string;
  label: string;
  calls: number;
  answered: number;
  completed_leads: number;
}

/**
 * Buckets as rows, oldest first. Labels are local clock times in the reader's language (24-hour, with
 * seconds for buckets under a minute, with the day when the series spans more than one); a bucket whose
 * time is unreadable keeps the text.
 */
export function seriesRows(series: readonly ProgressPoint[], bucketSeconds: number | null): SeriesRow[] {
  const times = series.map((p) => parseServiceTime(p.at));
  const known = times.filter((t): t is number => t !== null);
  const days = new Set(known.map((t) => new Date(t).toDateString()));
  const seconds = bucketSeconds !== null && bucketSeconds < 60;
  const format = dateTimeFormat({
    ...(days.size > 1 ? { day: 'numeric', month: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  });
  return series.map((p, i) => {
    const t = times[i] ?? null;
    const label = t !== null ? format.format(new Date(t)) : (p.at ?? `#${i + 1}`);
    return { key: `${i}-${p.at ?? ''}`, label, calls: p.calls ?? 0, answered: p.answered ?? 0, completed_leads: p.completed_leads ?? 0 };
  });
}

/** A bucket's length in words of the reader's language ("5 minutes", "5 Minuten"); null without one. */
function bucketLength(bucketSeconds: number | null): string | null {
  if (bucketSeconds === null || !(bucketSeconds > 0)) return null;
  const [value, unit] =
    bucketSeconds % 3600 === 0 ? [bucketSeconds / 3600, 'hour'] : bucketSeconds % 60 === 0 ? [bucketSeconds / 60, 'minute'] : [bucketSeconds, 'second'];
  return numberFormat({ style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** "Each bar is 5 minutes, in this browser’s time." (the chart) or "Each row is …" (its table). */
export function describeBucket(bucketSeconds: number | null, of: 'bar' | 'row' = 'bar'): string | null {
  const length = bucketLength(bucketSeconds);
  if (length === null) return null;
  return of === 'bar' ? m.campaigns_chart_bucket({ length }) : m.campaigns_table_bucket({ length });
}
