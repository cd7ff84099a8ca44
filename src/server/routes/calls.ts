import { Hono, type Context } from 'hono';
import { attributeName, callsQuerySchema, makeCallRequest, type CallsQuery, type FieldErrors } from '../../contract';
import { toE164 } from '../../contract/phone';
import { countedCalls, foldWhenMany, seekDay, type DayCount } from '../db/call-counts';
import type { Db } from '../db/connect';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound, ValidationError, fieldError } from '../http/errors';
import { paginate } from '../http/pagination';
import { idParam, parseBody, parseQuery } from '../http/validate';
import { callResource } from '../calls/resource';
import { balanceOf, INSUFFICIENT_BALANCE_CALL } from '../account/balance';
import { publish } from '../events/bus';
import { MIN_BALANCE_FOR_CALL, placeCall, placedCallEvent, type PlaceCallInput } from '../engine/place-call';
import { callDeletedEvent } from '../events/build';

const CALL_NOT_FOUND = 'Call not found';
export const CALL_PHONE_INVALID = 'The phone number field must be a valid phone number.';

export interface CallFilters {
  status?: string | undefined;
  type?: string | undefined;
  /** E.164 */
  phone_number?: string | undefined;
  assistant_id?: number | undefined;
  campaign_id?: number | undefined;
  /** YYYY-MM-DD, from 00:00:00 */
  date_from?: string | undefined;
  /** YYYY-MM-DD, through 23:59:59.999999 */
  date_to?: string | undefined;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The caller's calls narrowed by the filters: user_id first, then equality filters, then the date range,
 * so one of the calls_user_* indexes (user_id, <filter>, created_at DESC, id DESC) serves each query.
 */
export function filteredCalls(db: Db, userId: number, f: CallFilters) {
  let q = db.selectFrom('calls').where('user_id', '=', userId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.phone_number !== undefined) q = q.where('client_phone_number', '=', f.phone_number);
  if (f.assistant_id !== undefined) q = q.where('assistant_id', '=', f.assistant_id);
  if (f.campaign_id !== undefined) q = q.where('campaign_id', '=', f.campaign_id);
  if (f.date_from !== undefined) q = q.where('created_at', '>=', `${f.date_from} 00:00:00`);
  if (f.date_to !== undefined) q = q.where('created_at', '<', `${nextDay(f.date_to)} 00:00:00`);
  return q;
}

/**
 * One page of the filtered log. The page's ids come from the filter's index alone (index-only once the
 * table is vacuumed), and only those rows are read whole. With the filter's calls per day (`days`, from
 * call_counts) the read starts at the midnight after the page's first day and skips only that day's newer
 * calls: the middle page of a million calls skips a day's calls, not 500,000 index entries. Without them
 * but with `total`, a page in the back half is counted from the end (the same index read the other way).
 */
export function callsPageQuery(db: Db, userId: number, f: CallFilters, page: number, perPage: number, total?: number, days?: readonly DayCount[]) {
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
    .selectAll()
    .where('id', 'in', pageIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

export function callsCountQuery(db: Db, userId: number, f: CallFilters) {
  return filteredCalls(db, userId, f).select((eb) => eb.fn.countAll<number>().as('total'));
}

/**
 * The envelope's `total`, exact: summed from call_counts (db/call-counts.ts) for every filter it is keyed
 * by, with the calls per day that let a page seek its day; counted from the calls only for a phone number
 * (calls_user_client covers that count: one caller's index entries).
 */
export async function callsTotal(db: Db, userId: number, f: CallFilters): Promise<{ total: number; days?: DayCount[] }> {
  if (f.phone_number !== undefined) return { total: Number((await callsCountQuery(db, userId, f).executeTakeFirstOrThrow()).total) };
  const { total, days, deltas } = await countedCalls(db, userId, f);
  foldWhenMany(db, userId, deltas);
  return { total, days };
}

/**
 * `phone_number` of the query as sent: a literal `+` in a query string decodes to a space, so
 * "?phone_number=+4930…" arrives as " 4930…"; that leading space is read back as the plus it was.
 */
function rawPhoneFilter(c: Context): string | undefined {
  const values = new URL(c.req.url).searchParams.getAll('phone_number');
  const raw = values.at(-1);
  if (raw === undefined || raw === '') return undefined;
  return /^ \d/.test(raw) ? `+${raw.slice(1)}` : raw;
}

/** make_call's and simulate-inbound's balance rule: the hosted service's 422 below the minimum for a call. */
export async function requireCallBalance(db: Db, userId: number): Promise<void> {
  if ((await balanceOf(db, userId)) < MIN_BALANCE_FOR_CALL) throw new HttpError(422, INSUFFICIENT_BALANCE_CALL);
}

function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}

export function callRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/calls', async (c) => {
    const query: CallsQuery = parseQuery(c, callsQuerySchema);
    const userId = c.var.user.id;
    let phone: string | undefined;
    if (query.phone_number !== undefined) {
      const e164 = toE164(rawPhoneFilter(c) ?? query.phone_number);
      if (!e164) throw fieldError('phone_number', CALL_PHONE_INVALID);
      phone = e164;
    }
    const filters: CallFilters = {
      status: query.status,
      type: query.type,
      phone_number: phone,
      assistant_id: query.assistant_id,
      campaign_id: query.campaign_id,
      date_from: query.date_from,
      date_to: query.date_to,
    };
    const { page, per_page: perPage } = query;
    const { total, days } = await callsTotal(db, userId, filters);
    // A page past the end needs no second query (and no huge OFFSET).
    const rows = (page - 1) * perPage < total ? await callsPageQuery(db, userId, filters, page, perPage, total, days).execute() : [];
    const origin = originOf(c);
    return c.json(paginate(c.req.url, page, perPage, total, rows.map((row) => callResource(row, origin))));
  });

  r.get('/calls/:id', async (c) => {
    const id = idParam(c, 'id', CALL_NOT_FOUND);
    const row = await db.selectFrom('calls').selectAll().where('id', '=', id).where('user_id', '=', c.var.user.id).executeTakeFirst();
    if (!row) throw notFound(CALL_NOT_FOUND);
    return c.json(callResource(row, originOf(c)));
  });

  r.delete('/calls/:id', async (c) => {
    const id = idParam(c, 'id', CALL_NOT_FOUND);
    const userId = c.var.user.id;
    const gone = await db.transaction().execute(async (trx) => {
      const call = await trx.deleteFrom('calls').where('id', '=', id).where('user_id', '=', userId).returning(['campaign_id', 'assistant_id']).executeTakeFirst();
      // A campaign call deleted while in flight frees its lead: the dialler would otherwise wait for it for ever.
      if (call) await trx.updateTable('leads').set({ live_call_id: null }).where('live_call_id', '=', id).where('user_id', '=', userId).execute();
      return call;
    });
    if (!gone) throw notFound(CALL_NOT_FOUND);
    publish(db, callDeletedEvent({ id, user_id: userId, campaign_id: gone.campaign_id, assistant_id: gone.assistant_id }));
    return c.json({ message: 'Call deleted successfully' });
  });

  r.post('/make_call', async (c) => {
    const input = await parseBody(c, makeCallRequest);
    const userId = c.var.user.id;
    const errors: FieldErrors = {};
    const phone = toE164(input.phone_number);
    if (!phone) errors.phone_number = [CALL_PHONE_INVALID];
    const assistant = await db
      .selectFrom('assistants')
      .leftJoin('phone_numbers', (j) =>
        j.onRef('phone_numbers.id', '=', 'assistants.phone_number_id').on('phone_numbers.user_id', '=', userId),
      )
      .select(['assistants.id', 'assistants.name', 'phone_numbers.phone_number'])
      .where('assistants.id', '=', input.assistant_id)
      .where('assistants.user_id', '=', userId)
      .where('assistants.type', '=', 'outbound')
      .where('assistants.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!assistant) errors.assistant_id = [`The selected ${attributeName(['assistant_id'])} is invalid.`];
    if (Object.keys(errors).length > 0 || !phone || !assistant) throw new ValidationError(errors);
    // The call is paid when it ends (engine/calls.ts); it may start only with the minimum left.
    await requireCallBalance(db, userId);

    const call: PlaceCallInput = {
      user_id: userId,
      assistant_id: assistant.id,
      assistant_name: assistant.name,
      type: 'outbound',
      client_phone_number: phone,
      assistant_phone_number: assistant.phone_number,
      variables: input.variables ?? {},
      now: now(),
    };
    const row = await db.transaction().execute((trx) => placeCall(trx, call));
    publish(db, placedCallEvent(call, row));
    return c.json({ message: 'Call initiated successfully', call_id: row.id, status: row.status });
  });

  return r;
}
