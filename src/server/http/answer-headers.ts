import { Hono, type Context, type MiddlewareHandler } from 'hono';

/*
 * The headers the middlewares give every answer (security headers, CORS, the rate limit's), gathered per
 * request as plain records so that an answer built with all of them at once (http/json-text.ts) goes out
 * through @hono/node-server's fast path: one `writeHead` of a plain object, no `Headers` made, set ~17
 * times and iterated back into an object (bench:api). Each middleware offers its record before its
 * handler runs and, after it, settles it: an answer that carries the record is left alone, any other
 * (c.json, errors, proxied answers, a record offered too late) gets each header set on it, as Hono's own
 * middlewares do, overwriting the handler's.
 */

type HeaderRecord = Readonly<Record<string, string>>;

interface Offered {
  records: HeaderRecord[];
  /** The answer built with the records offered until then (`withOfferedHeaders`). */
  answer: Response | undefined;
  /** How many of `records` that answer carries. */
  carried: number;
}

// A variable of the request's context (its Map), not a WeakMap keyed by the context: a WeakMap entry for every
// request is ~8x dearer to make and leaves the collector an ephemeron to clear.
declare module 'hono' {
  interface ContextVariableMap {
    offeredHeaders: Offered;
  }
}

/** Offers `headers` to the answer still to be built; `settleHeaders` after the handler makes sure it has them. */
export function offerHeaders(c: Context, headers: HeaderRecord): void {
  const o = c.get('offeredHeaders');
  if (o) o.records.push(headers);
  else c.set('offeredHeaders', { records: [headers], answer: undefined, carried: 0 });
}

/** Sets `headers` (offered earlier) on the answer unless it was built carrying them. */
export function settleHeaders(c: Context, headers: HeaderRecord): void {
  const o = c.get('offeredHeaders');
  if (o && o.answer === c.res) {
    const i = o.records.indexOf(headers);
    if (i >= 0 && i < o.carried) return;
  }
  for (const name in headers) c.res.headers.set(name, headers[name]!);
}

/** Whether the answer going out is one built by `withOfferedHeaders` (so nothing was added to it after). */
export function isPrebuiltAnswer(c: Context): boolean {
  return c.get('offeredHeaders')?.answer === c.res;
}

/**
 * A Response with every header offered so far and then `own` (the handler's Content-Type), as one plain
 * record. The handler sets no headers of its own through `c.header`: this answer would not carry them.
 */
export function withOfferedHeaders(c: Context, body: string, status: number, own: HeaderRecord): Response {
  const o = c.get('offeredHeaders');
  if (!o) return new Response(body, { status, headers: own });
  const headers: Record<string, string> = {};
  for (const record of o.records) Object.assign(headers, record);
  Object.assign(headers, own);
  const answer = new Response(body, { status, headers });
  o.answer = answer;
  o.carried = o.records.length;
  return answer;
}

/** A middleware giving every answer `headers`, offered before the handler and settled after it. */
export function answerHeaders(headers: HeaderRecord): MiddlewareHandler {
  return async (c, next) => {
    offerHeaders(c, headers);
    await next();
    settleHeaders(c, headers);
  };
}

/**
 * `answerHeaders` with the headers `middleware` sets on an answer (Hono's secureHeaders: the same on every
 * answer when it has no nonce), read from it once, at the first request.
 */
export function prebuiltHeaders(middleware: MiddlewareHandler): MiddlewareHandler {
  let headers: HeaderRecord | undefined;
  let reading: Promise<HeaderRecord> | undefined;
  return async (c, next) => {
    headers ??= await (reading ??= headersSetBy(middleware));
    offerHeaders(c, headers);
    await next();
    settleHeaders(c, headers);
  };
}

async function headersSetBy(middleware: MiddlewareHandler): Promise<HeaderRecord> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('/', (c) => c.body(null, 204));
  const res = await probe.request('/');
  return Object.fromEntries(res.headers);
}
