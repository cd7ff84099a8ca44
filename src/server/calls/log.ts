import type { CallLogFilter, CallsQuery } from '../../contract';
import { toE164 } from '../../contract/phone';
import { countedCalls, foldWhenMany, seekDay, type DayCount } from '../db/call-counts';
import type { Db } from '../db/connect';
import { fieldError } from '../http/errors';
import { CALL_PHONE_INVALID } from './make-call';
import { CALL_RECORD_SELECTION, type CallRecordRow } from './resource';

/*
 * The call log (GET /user/calls): the caller's calls narrowed by the contract's CallLogFilter, counted
 * exactly and read one page at a time.
 */

/**
 * The filter of a validated query, its phone number read into E.164 (422 when it is none). `phoneAsSent`
 * is the query's phone number as the client wrote it, when the route could recover it.
 */
export function callLogFilter(query: CallsQuery, phoneAsSent: string | undefined): CallLogFilter {
  const { page: _page, per_page: _perPage, ...filter } = query;
  if (filter.phone_number === undefined) return filter;
  const e164 = toE164(phoneAsSent ?? filter.phone_number);
  if (!e164) throw fieldError('phone_number', CALL_PHONE_INVALID);
  return { ...filter, phone_number: e164 };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The caller's calls narrowed by the filters: user_id first, then equality filters, then the date range,
 * so one of the calls_user_* indexes (user_id, <filter>, created_at DESC, id DESC) serves each query.
 * `phone_number` is E.164; `date_from` counts from 00:00:00, `date_to` through 23:59:59.999999.
 */
export function filteredCalls(db: Db, userId: number, f: CallLogFilter) {
  let q = db.selectFrom('calls').where('user_id', '=', userId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.phone_number !== undefined) q = q.where('client_phone_number', '=', f.phone_number);
  if (f.assistant_id !== undefined) q = q.where('assistant_id', '=', f.assistant_id);
  if (f.campaign_id !== undefined) q = q.where('campaign_id', '=', f.campaign_id);
  if (f.date_from !== undefined) q = q.where('created_at', '>=', `${f.date_from} 00:00:00`);
  if (f.date_to !== undefined) q = q.where('created_at', '<', `${nextDay(f.date_to)} 00:00:00`);
  // Calls without a model conversation have no p95 (null) and never match.
  if (f.latency_p95_min !== undefined) q = q.where('latency_p95_ms', '>=', f.latency_p95_min);
  return q;
}

/**
 * One page of the filtered log. The page's ids come from the filter's index alone (index-only once the
 * table is vacuumed), and only those rows are read whole. With the filter's calls per day (`days`, from
 * call_counts) the read starts at the midnight after the page's first day and skips only that day's newer
 * calls: the middle page of a million calls skips a day's calls, not 500,000 index entries. Without them
 * but with `total`, a page in the back half is counted from the end (the same index read the other way).
 */
export function callsPageQuery(db: Db, userId: number, f: CallLogFilter, page: number, perPage: number, total?: number, days?: readonly DayCount[]) {
  const offset = (page - 1) * perPage;
  const found = days ? seekDay(days, offset) : undefined;
  // On the newest day the bound would skip nothing: the plain read is the same read.
  const seek = found && found.skip < offset ? found : undefined;
  const fromEnd = seek === undefined && total !== undefined && offset > total / 2;
  // Reading from the end: the calls after this page are skipped, and a short last page stays short.
  const after = total !== undefined ? total - offset - perPage : 0;
  const skip = seek ? seek.skip : fromEnd ? Math.max(0, after) : offset;
  const limit = fromEnd ? perPage + Math.min(0, after) : perPage;
  const dir = fromEnd ? 'asc' : 'desc';
  let ids = filteredCalls(db, userId, f);
  if (seek) ids = ids.where('created_at', '<', `${nextDay(seek.day)} 00:00:00`);
  const pageIds = ids.select('id').orderBy('created_at', dir).orderBy('id', dir).limit(limit).offset(skip);
  return db
    .selectFrom('calls')
    .select(CALL_RECORD_SELECTION)
    .where('id', 'in', pageIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

export function callsCountQuery(db: Db, userId: number, f: CallLogFilter) {
  return filteredCalls(db, userId, f).select((eb) => eb.fn.countAll<number>().as('total'));
}

/**
 * The envelope's `total`, exact: summed from call_counts (db/call-counts.ts) for every filter it is keyed
 * by, with the calls per day that let a page seek its day; counted from the calls only for a phone number
 * (calls_user_client covers that count: one caller's index entries) and for the latency filter, which
 * call_counts is not keyed by (calls_user_latency holds only the calls the model held).
 */
export async function callsTotal(db: Db, userId: number, f: CallLogFilter): Promise<{ total: number; days?: DayCount[] }> {
  if (f.phone_number !== undefined || f.latency_p95_min !== undefined) return { total: Number((await callsCountQuery(db, userId, f).executeTakeFirstOrThrow()).total) };
  const { total, days, deltas } = await countedCalls(db, userId, f);
  foldWhenMany(db, userId, deltas);
  return { total, days };
}

/** One page of the log (its Call records' columns) and the filter's total. */
export async function callLogPage(db: Db, userId: number, f: CallLogFilter, page: number, perPage: number): Promise<{ total: number; rows: CallRecordRow[] }> {
  const { total, days } = await callsTotal(db, userId, f);
  // A page past the end needs no second query (and no huge OFFSET).
  const rows = (page - 1) * perPage < total ? await callsPageQuery(db, userId, f, page, perPage, total, days).execute() : [];
  return { total, rows };
}
