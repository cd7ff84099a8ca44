import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import type { DayRange } from './zoned-days';

/*
 * One day's calls: how many started that day (created_at in the day), how many were picked up
 * (answered_by set: a person, a machine, or unknown), the minutes talked and what they cost.
 */

export interface DayStatsRecord {
  date: string;
  calls: number;
  answered: number;
  /** answered / calls, 0…1 to four places; null without calls. */
  answer_rate: number | null;
  /** Talk time in minutes, to two places. */
  minutes: number;
  /** Dollars (total_cost), to four places as stored. */
  cost: number;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Stats of consecutive days (ranges that touch), in one query over the user's calls. */
export async function dayStats(db: Db, userId: number, days: readonly DayRange[]): Promise<DayStatsRecord[]> {
  if (days.length === 0) return [];
  const from = toDbTimestamp(new Date(Math.min(...days.map((d) => d.from.getTime()))));
  const to = toDbTimestamp(new Date(Math.max(...days.map((d) => d.to.getTime()))));
  // Which day a call belongs to: the number of day starts at or before it, minus one.
  const starts = days.map((d) => toDbTimestamp(d.from));
  const dayIndex = sql<number>`(${sql.join(
    starts.map((s) => sql`(CASE WHEN created_at >= ${s}::timestamp THEN 1 ELSE 0 END)`),
    sql` + `,
  )}) - 1`;
  const rows = await db
    .selectFrom('calls')
    .select((eb) => [
      dayIndex.as('day'),
      eb.fn.countAll<number>().as('calls'),
      eb.fn.count<number>('answered_by').as('answered'),
      sql<number>`coalesce(sum(duration), 0)`.as('seconds'),
      sql<string>`coalesce(sum(total_cost), 0)`.as('cost'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  return days.map((d, i) => {
    const r = byDay.get(i);
    const calls = Number(r?.calls ?? 0);
    const answered = Number(r?.answered ?? 0);
    return {
      date: d.date,
      calls,
      answered,
      answer_rate: calls === 0 ? null : round(answered / calls, 4),
      minutes: round(Number(r?.seconds ?? 0) / 60, 2),
      cost: round(Number(r?.cost ?? 0), 4),
    };
  });
}
