import type { Context } from 'hono';
import type { z } from 'zod';
import { LEAD_INVALID_FIELDS_PREFIX, validate } from '../../contract';
import { HttpError, ValidationError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The request's JSON body: 413 past 1 MB, 400 when it is not JSON, `{}` when empty. */
export async function readJson(c: Context): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'The request body is too large (1 MB at most).');
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > MAX_BODY_BYTES) throw new HttpError(413, 'The request body is too large (1 MB at most).');
  const text = new TextDecoder().decode(buf);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

export function parseOr422<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  const result = validate(schema, input);
  if (!result.ok) throw new ValidationError(result.errors);
  return result.data;
}

export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return parseOr422(schema, await readJson(c));
}

/**
 * An update's JSON body, parsed with `schema` once every field in it is one of `updatable`: a field the
 * service would not store is refused by name (422), never dropped.
 */
export async function parseUpdateBody<T extends z.ZodType>(c: Context, schema: T, updatable: readonly string[]): Promise<z.output<T>> {
  const body = await readJson(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  const invalid = Object.keys(body).filter((k) => !updatable.includes(k));
  if (invalid.length > 0) throw new HttpError(422, `${LEAD_INVALID_FIELDS_PREFIX} ${invalid.join(', ')}`);
  return parseOr422(schema, body);
}

/*
 * A query's parse is a pure function of its text (no schema here reads the clock or the database), and a
 * console asks the same query again and again (polling, refetch on focus, paging back): the parse of a
 * recent query text is kept per schema (bench:api: the call log's zod parse was ~0.1 ms of a request's
 * CPU). Only successes are kept, frozen so that no route can change another request's query.
 */
const QUERY_CACHE_MAX = 256;
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();

/** Query parameters (last value wins, as PHP does); empty strings count as absent. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  const url = c.req.url;
  const at = url.indexOf('?');
  const search = at < 0 ? '' : url.slice(at);
  let cache = parsedQueries.get(schema);
  const hit = cache?.get(search);
  if (hit !== undefined) return hit as z.output<T>;
  const raw: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    if (v !== '') raw[k] = v;
  }
  const parsed = parseOr422(schema, raw);
  if (!cache) parsedQueries.set(schema, (cache = new Map()));
  if (cache.size >= QUERY_CACHE_MAX) cache.clear();
  cache.set(search, typeof parsed === 'object' && parsed !== null ? Object.freeze(parsed) : parsed);
  return parsed;
}

/** A route's `{id}`: anything but a positive integer is a missing resource. */
export function idParam(c: Context, name: string, missing: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new HttpError(404, missing);
  return Number(raw);
}
