import { sql, type RawBuilder } from 'kysely';
import type { Db } from './connect';

/*
 * The call log's exact `total` from the counts that migration 0010's triggers keep: a sum over a few
 * thousand rows per user instead of a count over up to millions of calls.
 */

/** The filters call_counts can answer: every column it is keyed by, dates as whole UTC days. */
export interface CountedFilters {
  status?: string | undefined;
  type?: string | undefined;
  assistant_id?: number | undefined;
  campaign_id?: number | undefined;
  /** YYYY-MM-DD, inclusive */
  date_from?: string | undefined;
  /** YYYY-MM-DD, inclusive */
  date_to?: string | undefined;
}

/** Past this many unfolded changes under one query, the user's changes are folded in (after the answer). */
export const FOLD_AFTER_DELTAS = 200;

/** First key of the advisory lock that lets one folding per user run at a time. */
const FOLD_LOCK = 150010;

function conditions(userId: number, f: CountedFilters): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`user_id = ${userId}`];
  if (f.status !== undefined) c.push(sql`status = ${f.status}`);
  if (f.type !== undefined) c.push(sql`type = ${f.type}`);
  if (f.assistant_id !== undefined) c.push(sql`assistant_id = ${f.assistant_id}`);
  if (f.campaign_id !== undefined) c.push(sql`campaign_id = ${f.campaign_id}`);
  if (f.date_from !== undefined) c.push(sql`day >= ${f.date_from}::date`);
  if (f.date_to !== undefined) c.push(sql`day <= ${f.date_to}::date`);
  return sql.join(c, sql` AND `);
}

/** The matching calls of one UTC day (YYYY-MM-DD). */
export interface DayCount {
  day: string;
  n: number;
}

/**
 * The number of the user's calls matching the filters, exact, and per day (newest first): folded counts
 * plus pending changes in one statement, so a folding that commits meanwhile is seen wholly or not at
 * all. `deltas` is how many pending changes the sum read.
 */
export async function countedCalls(db: Db, userId: number, f: CountedFilters): Promise<{ total: number; days: DayCount[]; deltas: number }> {
  const where = conditions(userId, f);
  const { rows } = await sql<{ day: string; n: number | string; deltas: number | string }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(n) AS n, count(*) FILTER (WHERE pending) AS deltas
    FROM (
      SELECT day, n, false AS pending FROM call_counts WHERE ${where}
      UNION ALL
      SELECT day, n, true FROM call_count_deltas WHERE ${where}
    ) AS counted
    GROUP BY day
    ORDER BY day DESC`.execute(db);
  let total = 0;
  let deltas = 0;
  const days: DayCount[] = [];
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    deltas += Number(row.deltas);
    if (n !== 0) days.push({ day: row.day, n });
  }
  return { total, days, deltas };
}

/**
 * Where the call at `offset` (newest first) is: on the day of the returned `day`, after `skip` calls of
 * that day and the days after it. A page then skips at most one day's calls, not every newer call.
 */
export function seekDay(days: readonly DayCount[], offset: number): { day: string; skip: number } | undefined {
  let newer = 0;
  for (const d of days) {
    if (newer + d.n > offset) return { day: d.day, skip: offset - newer };
    newer += d.n;
  }
  return undefined;
}

/**
 * Folds the user's pending changes into call_counts: moved in one statement (readers see the sum
 * unchanged), keys that reached zero dropped. Skips when another folding for the user is running.
 */
export async function foldCallCounts(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${FOLD_LOCK}, ${userId}) AS ok`.execute(trx);
    if (lock.rows[0]?.ok !== true) return;
    await sql`
      WITH moved AS (
        DELETE FROM call_count_deltas WHERE user_id = ${userId}
        RETURNING user_id, day, status, type, assistant_id, campaign_id, n
      )
      INSERT INTO call_counts (user_id, day, status, type, assistant_id, campaign_id, n)
      SELECT user_id, day, status, type, assistant_id, campaign_id, sum(n) FROM moved
      GROUP BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (user_id, day, status, type, assistant_id, campaign_id) DO UPDATE SET n = call_counts.n + excluded.n`.execute(trx);
    await sql`DELETE FROM call_counts WHERE user_id = ${userId} AND n = 0`.execute(trx);
  });
}

/** Folds in the background when a count had to read many pending changes; a failure costs only speed. */
export function foldWhenMany(db: Db, userId: number, deltas: number): void {
  if (deltas <= FOLD_AFTER_DELTAS) return;
  foldCallCounts(db, userId).catch((e: unknown) => {
    console.error('Folding the call counts failed:', e instanceof Error ? e.message : e);
  });
}
