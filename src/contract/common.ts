import { z } from 'zod';

/*
 * Lenient building blocks for parsing what a server sends. The hosted service drifts from the spec
 * (see shared/spec/hosted-quirks.md): numbers as strings, booleans as 0/1, PHP's `[]` for empty objects,
 * nulls where the spec types plainly. These helpers accept every such form and give the console one shape.
 * Request schemas (what the local service validates) are strict and live beside each resource.
 */

function toNumber(v: number | string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const trimmed = v.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** A number that may arrive as a numeric string ("0.08000000"); unparseable or null gives null. */
export const numberish = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined ? null : toNumber(v)));

/** An id that may arrive as a string ("1234569"). */
export const idish = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = toNumber(v);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: `Not an id: ${String(v)}` });
    return z.NEVER;
  }
  return n;
});

export const nullableIdish = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || v === '' ? null : toNumber(v)));

/** A boolean that may arrive as 0/1, "0"/"1" or "true"/"false". */
export const boolish = z
  .union([z.boolean(), z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v === 'string') return v === '1' || v.toLowerCase() === 'true';
    return false;
  });

export type JsonObject = Record<string, unknown>;

/** An object field that PHP may send as `[]` when empty, or as null. */
export const objectish = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null(), z.undefined()])
  .transform((v): JsonObject => {
    if (v === null || v === undefined) return {};
    if (Array.isArray(v)) return Object.fromEntries(v.map((item, i) => [String(i), item]));
    return v;
  });

/** A text field the spec types as string that may be null or missing. */
export const textish = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined ? null : String(v)));

/** A status or type the console shows as it is, even when it is not one it knows. */
export const openString = z.union([z.string(), z.null(), z.undefined()]).transform((v) => v ?? '');
