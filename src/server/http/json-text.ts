import type { Context } from 'hono';

/*
 * Answers whose JSON is written as text (calls/resource.ts, http/pagination.ts `paginatedJson`) rather
 * than built as objects for `c.json` to stringify: the same status, body and Content-Type as `c.json`.
 */

const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

/** A 200 whose body is `text`, already JSON. */
export function jsonBody(c: Context, text: string): Response {
  return c.body(text, 200, JSON_HEADERS);
}
