import type { Context } from 'hono';
import { withOfferedHeaders } from './answer-headers';

/*
 * Answers whose JSON is written as text (calls/resource.ts, http/pagination.ts `paginatedJson`) rather
 * than built as objects for `c.json` to stringify: the same status, body and Content-Type as `c.json`.
 */

const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

/**
 * A 200 whose body is `text`, already JSON, with the middlewares' headers from the start
 * (http/answer-headers.ts). The text goes to the socket as it is: encoding it to a Buffer here first was
 * slower (a 31 KB allocation a request for the collector, where the socket's write encodes in C++).
 */
export function jsonBody(c: Context, text: string): Response {
  return withOfferedHeaders(c, text, 200, JSON_HEADERS);
}
