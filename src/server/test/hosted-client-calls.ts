import { expect } from 'vitest';
import { request, type TestResponse, type TestService, type TestUser } from './harness';

/*
 * What a published client of the hosted API does on the wire, for the conformance test that replays such
 * clients against the local service (routes/hosted-clients.test.ts): it sends its requests with the paths
 * exactly as its source prints them (`/api/user/...`), and it judges a response only by what it reads from it.
 */

/** A client session: one API key, the client's own headers, paths as the client writes them. */
export interface ClientSession {
  call(method: string, clientPath: string, body?: unknown): Promise<TestResponse>;
}

export function clientSession(svc: TestService, user: TestUser): ClientSession {
  // The clients put `/api` in every path and keep only the origin as their base URL.
  const origin = svc.api.replace(/\/api$/, '');
  return {
    call: (method, clientPath, body) =>
      request(origin, method, clientPath, body, {
        Authorization: `Bearer ${user.token}`,
        // Both clients send a JSON content type on every request, GETs included.
        'Content-Type': 'application/json',
      }),
  };
}

/** A tool made with a plain request, for the calls that need one when the client's own create (`failed`) did not make it. */
export async function fallbackToolId(user: TestUser, failed: string): Promise<number> {
  const res = await user.req('POST', '/user/tools', {
    name: 'fallback_tool',
    description: `Made because ${failed} failed`,
    endpoint: 'https://api.example.com/fallback',
    method: 'GET',
  });
  return Number(res.body.data.id);
}

/**
 * The clients treat anything but a 2xx as a failed call, and then parse the body as JSON: an empty or
 * non-JSON 2xx fails them too. The message carries the whole answer so a failing run says why.
 */
export function expectOk(res: TestResponse, what: string): void {
  const detail = `${what} answered ${res.status}: ${res.text.slice(0, 600)}`;
  expect(res.status >= 200 && res.status < 300, detail).toBe(true);
  expect(res.body !== undefined, `${what} answered a body that is not JSON: ${res.text.slice(0, 200)}`).toBe(true);
}

/*
 * The MCP server declares an output schema per tool and its MCP clients check the tool's result against it.
 * Bare arrays are wrapped as {result: [...]} before that check, so "list" means: the API must answer a
 * bare array. These mirror those declarations (types only where the declaration gives them).
 */
export type McpOutput = 'user' | 'paginated' | 'list' | 'data' | 'single' | 'action';

export function expectMcpOutput(kind: McpOutput, body: unknown, what: string): void {
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const rec = isObject ? (body as Record<string, unknown>) : {};
  const optional = (key: string, ok: (v: unknown) => boolean, type: string) => {
    if (key in rec) expect(ok(rec[key]), `${what}: "${key}" must be ${type}, got ${JSON.stringify(rec[key])}`).toBe(true);
  };
  const num = (v: unknown) => typeof v === 'number';
  const numOrNull = (v: unknown) => v === null || typeof v === 'number';
  const strOrNull = (v: unknown) => v === null || typeof v === 'string';
  switch (kind) {
    case 'list':
      expect(Array.isArray(body), `${what} must answer a bare array, got ${JSON.stringify(body)?.slice(0, 200)}`).toBe(true);
      return;
    case 'user':
      expect(isObject, `${what} must answer an object`).toBe(true);
      optional('name', (v) => typeof v === 'string', 'a string');
      optional('email', (v) => typeof v === 'string', 'a string');
      optional('total_balance', num, 'a number');
      return;
    case 'paginated':
      if (Array.isArray(body)) return; // wrapped as {result}, which the declaration (no required keys) accepts
      expect(isObject, `${what} must answer an object or an array`).toBe(true);
      for (const key of ['current_page', 'last_page', 'per_page', 'total']) optional(key, num, 'a number');
      for (const key of ['from', 'to']) optional(key, numOrNull, 'a number or null');
      for (const key of ['next_page_url', 'prev_page_url']) optional(key, strOrNull, 'a string or null');
      optional('data', (v) => Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null), 'an array of objects');
      return;
    case 'data':
      expect(isObject && Array.isArray(rec.data), `${what} must answer {data: [...]}, got ${JSON.stringify(body)?.slice(0, 200)}`).toBe(true);
      return;
    case 'single':
      expect(isObject, `${what} must answer an object`).toBe(true);
      return;
    case 'action':
      expect(isObject, `${what} must answer an object, got ${JSON.stringify(body)?.slice(0, 200)}`).toBe(true);
      optional('message', (v) => typeof v === 'string', 'a string');
      optional('data', (v) => v === null || typeof v === 'object', 'an object, an array or null');
      return;
  }
}

/** The n8n node's list reading: a bare array, or the array under one of the given keys. */
export function listFrom(body: unknown, keys: string[] = []): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  if (typeof body === 'object' && body !== null) {
    for (const key of keys) {
      const v = (body as Record<string, unknown>)[key];
      if (Array.isArray(v)) return v as Record<string, unknown>[];
    }
  }
  throw new Error(`expected a list${keys.length ? ` (or one under ${keys.join(', ')})` : ''}, got ${JSON.stringify(body)?.slice(0, 200)}`);
}

/*
 * "Nothing silently dropped": every field a client sent comes back in the record, read as the record writes
 * it (booleans as 1/0 or true/false, decimals as strings such as "0.40").
 */
function sameValue(stored: unknown, sent: unknown): boolean {
  if (typeof sent === 'boolean') {
    if (stored === true || stored === 1 || stored === '1' || stored === 'true') return sent;
    if (stored === false || stored === 0 || stored === '0' || stored === 'false') return !sent;
    return false;
  }
  if (typeof sent === 'number') return stored !== null && stored !== '' && Number(stored) === sent;
  if (sent === null) return stored === null || stored === undefined;
  if (typeof sent === 'string') return stored === sent;
  return JSON.stringify(stored) === JSON.stringify(sent) || looselyContains(stored, sent);
}

function looselyContains(stored: unknown, sent: unknown): boolean {
  if (Array.isArray(sent)) {
    return Array.isArray(stored) && stored.length === sent.length && sent.every((v, i) => looselyContains(stored[i], v));
  }
  if (typeof sent === 'object' && sent !== null) {
    if (typeof stored !== 'object' || stored === null) return false;
    const rec = stored as Record<string, unknown>;
    return Object.entries(sent).every(([k, v]) => looselyContains(rec[k], v));
  }
  return sameValue(stored, sent);
}

/** The fields of `sent` that the record does not show as sent: [] when nothing was dropped. */
export function droppedFields(record: Record<string, unknown>, sent: Record<string, unknown>): string[] {
  return Object.entries(sent)
    .filter(([key, value]) => !(key in record) || !sameValue(record[key], value))
    .map(([key, value]) => `${key}: sent ${JSON.stringify(value)}, record has ${JSON.stringify(record[key])}`);
}
