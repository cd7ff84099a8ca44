import { Hono, type Context } from 'hono';
import { callsQuerySchema, makeCallRequest } from '../../contract';
import { CALL_NOT_FOUND, deleteCall, getCall } from '../calls/call';
import { callLogFilter, callLogPage } from '../calls/log';
import { makeCall } from '../calls/make-call';
import { dialOut } from '../telephony/calls';
import { callRecordJson } from '../calls/resource';
import type { AppEnv, Deps } from '../http/context';
import { jsonBody } from '../http/json-text';
import { paginatedJson } from '../http/pagination';
import { idParam, parseBody, parseQuery } from '../http/validate';

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

function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}

export function callRoutes({ db, now, voice }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/calls', async (c) => {
    const query = parseQuery(c, callsQuerySchema);
    const filter = callLogFilter(query, query.phone_number !== undefined ? rawPhoneFilter(c) : undefined);
    const { page, per_page: perPage } = query;
    const { total, rows } = await callLogPage(db, c.var.user.id, filter, page, perPage);
    const origin = originOf(c);
    return jsonBody(c, paginatedJson(c.req.url, page, perPage, total, rows.map((row) => callRecordJson(row, origin))));
  });

  r.get('/calls/:id', async (c) => {
    const id = idParam(c, 'id', CALL_NOT_FOUND);
    return jsonBody(c, callRecordJson(await getCall(db, c.var.user.id, id), originOf(c)));
  });

  r.delete('/calls/:id', async (c) => {
    const id = idParam(c, 'id', CALL_NOT_FOUND);
    await deleteCall(db, c.var.user.id, id);
    return c.json({ message: 'Call deleted successfully' });
  });

  r.post('/make_call', async (c) => {
    const input = await parseBody(c, makeCallRequest);
    const placed = await makeCall(db, now, c.var.user.id, input, voice?.startSession ? (id) => dialOut(voice, id) : undefined);
    return c.json({ message: 'Call initiated successfully', call_id: placed.id, status: placed.status });
  });

  return r;
}
