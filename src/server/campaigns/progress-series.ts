import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { laravelDateTime, toDbTimestamp } from '../db/time';

/*
 * A campaign's activity over time, for its chart: its calls bucketed by when they started (and how many of
 * those were picked up), and its primary leads that became `completed` bucketed by when they last changed.
 * Counts are per bucket, not running totals. The buckets run from the first activity to now, empty ones
 * included, at a width from a list of round sizes chosen to give at most MAX_POINTS points.
 */

export const MAX_POINTS = 60;
const ROUND_BUCKETS_S = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800, 1_209_600, 2_592_000];
const DAY_S = 86_400;

export interface ProgressPointRecord {
  /** The bucket's start, UTC. */
  at: string;
  calls: number;
  answered: number;
  completed_leads: number;
}

export interface ProgressSeries {
  bucket_seconds: number;
  series: ProgressPointRecord[];
}

const bucketsBetween = (first: number, last: number, width: number) => Math.floor(last / width) - Math.floor(first / width) + 1;

/** The smallest round width that covers [first, last] (epoch seconds) in at most MAX_POINTS buckets. */
export function bucketWidth(first: number, last: number): number {
  for (const width of ROUND_BUCKETS_S) if (bucketsBetween(first, last, width) <= MAX_POINTS) return width;
  // Beyond 30-day buckets (five years): whole days, as many as it takes.
  let width = Math.ceil((last - first) / (MAX_POINTS - 1) / DAY_S) * DAY_S;
  while (bucketsBetween(first, last, width) > MAX_POINTS) width += DAY_S;
  return width;
}

const epochOf = (dbText: string) => Math.floor(new Date(`${dbText.replace(' ', 'T')}Z`).getTime() / 1000);

export async function progressSeries(db: Db, userId: number, campaignId: number, now: Date): Promise<ProgressSeries> {
  const calls = () => db.selectFrom('calls').where('user_id', '=', userId).where('campaign_id', '=', campaignId);
  const completedLeads = () =>
    db
      .selectFrom('leads')
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .where('parent_lead_id', 'is', null)
      .where('status', '=', 'completed');
  const [callSpan, leadSpan] = await Promise.all([
    calls()
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
      .executeTakeFirst(),
    completedLeads()
      .select((eb) => [eb.fn.min('updated_at').as('first'), eb.fn.max('updated_at').as('last')])
      .executeTakeFirst(),
  ]);
  const firsts = [callSpan?.first, leadSpan?.first].filter((v): v is string => typeof v === 'string').map(epochOf);
  const lasts = [callSpan?.last, leadSpan?.last].filter((v): v is string => typeof v === 'string').map(epochOf);
  if (firsts.length === 0) return { bucket_seconds: ROUND_BUCKETS_S[0]!, series: [] };
  const first = Math.min(...firsts);
  // Up to now, so the chart shows the quiet since the last call; a clock behind the data stops at the data.
  const last = Math.max(Math.floor(now.getTime() / 1000), ...lasts);
  const width = bucketWidth(first, last);
  const firstBucket = Math.floor(first / width);
  const count = Math.floor(last / width) - firstBucket + 1;

  const bucket = (column: 'created_at' | 'updated_at') => sql<number>`floor(extract(epoch from ${sql.ref(column)}) / ${width})::bigint`;
  const [callRows, leadRows] = await Promise.all([
    calls()
      .select((eb) => [bucket('created_at').as('k'), eb.fn.countAll<number>().as('calls'), eb.fn.count<number>('answered_by').as('answered')])
      .groupBy(sql`1`)
      .execute(),
    completedLeads()
      .select((eb) => [bucket('updated_at').as('k'), eb.fn.countAll<number>().as('n')])
      .groupBy(sql`1`)
      .execute(),
  ]);
  const series: ProgressPointRecord[] = Array.from({ length: count }, (_, i) => ({
    at: laravelDateTime(toDbTimestamp(new Date((firstBucket + i) * width * 1000))),
    calls: 0,
    answered: 0,
    completed_leads: 0,
  }));
  const at = (k: number) => series[Math.min(Math.max(Number(k) - firstBucket, 0), count - 1)]!;
  for (const r of callRows) {
    const p = at(r.k);
    p.calls += Number(r.calls);
    p.answered += Number(r.answered);
  }
  for (const r of leadRows) at(r.k).completed_leads += Number(r.n);
  return { bucket_seconds: width, series };
}
