import { z } from 'zod';
import { lenientList, lenientRecord, openString, type JsonObject } from './common';

/*
 * What hosts put around records and lists, read leniently, and the plain `{message}` answer of a change.
 * Each resource builds its answers from these (leadsAnswerSchema, campaignsAnswerSchema …), so the
 * console parses no server answer with a schema of its own.
 */

function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * `{message}` answers of changes (delete, update a lead, enable a webhook …): only the message is read,
 * and it may be missing, null or a number; anything else beside it passes through. An empty body (a 204),
 * `[]`, `true` or any other non-object reads as no message: the change went through all the same.
 */
export const messageResponseSchema = z.preprocess((v) => (isPlainObject(v) ? v : {}), lenientRecord({ message: openString }));
export type MessageResponse = z.output<typeof messageResponseSchema>;

/**
 * One record as hosts answer it: wrapped as `{data: record}` (with a `message` beside it on changes) or
 * the record itself. A readable `data` record wins: a record without a required id (the account) would
 * otherwise read the wrapper itself as an empty record.
 */
export function recordAnswer<T extends z.ZodType>(record: T) {
  return z.preprocess((v) => (isPlainObject(v) && isPlainObject(v.data) && record.safeParse(v.data).success ? v.data : v), record);
}

export interface ListAnswerOptions {
  /** Keys older hosts wrapped the list under, besides `data` (`campaigns`, `leads`). */
  keys?: readonly string[];
  /**
   * Leave out an item that does not read (no usable id) instead of failing the list. Off by default, as
   * for listOf: a record the console cannot key is an error to show, not one to hide.
   */
  dropUnreadable?: boolean;
}

/** The list in an answer: the answer itself, or the first list under `data` or one of `keys`. */
function listIn(v: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(v) || !isPlainObject(v)) return v;
  for (const key of keys) if (Array.isArray(v[key])) return v[key];
  return v; // no list anywhere: fails below, as the list itself is required
}

/**
 * A list as hosts answer it: a bare array, `{data: [...]}`, a paginator (its `data`: this one page) or,
 * on older hosts, wrapped under another key. Only the list itself is required.
 */
export function listAnswer<T extends z.ZodType>(item: T, options: ListAnswerOptions = {}) {
  const keys = ['data', ...(options.keys ?? [])];
  const items = options.dropUnreadable
    ? z.array(z.unknown()).transform((list) => lenientList(item).parse(list))
    : z.array(item);
  return z.preprocess((v) => listIn(v, keys), items);
}
