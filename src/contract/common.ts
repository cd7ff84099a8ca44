import { z } from 'zod';

/*
 * Lenient building blocks for parsing what a server sends. The hosted service drifts from the spec
 * (see shared/spec/hosted-quirks.md): numbers as strings, booleans as 0/1, PHP's `[]` for empty objects,
 * nulls where the spec types plainly, fields left out altogether, values of a type nobody expected.
 * Every helper here accepts ANY input, a missing key included, and falls back to "nothing" (null, '',
 * false, {}, []): one odd field must never cost the console a whole record, let alone a page.
 * Only `idish` can fail: an id is what makes a record a record.
 * Request schemas (what the local service validates) are strict and live beside each resource.
 */

/**
 * What the local service sends where a lenient field reads (its wire type), for the service's OpenAPI
 * document (src/server/openapi/wire.ts): a JSON type, or the list item, nested record or field schema the
 * helper reads with. Kept beside the helpers so a new field is described by the helper it is read with.
 */
export type WireHint =
  | { type: 'integer' | 'number' | 'string' | 'boolean' | 'object'; nullable?: true }
  | { list: z.ZodType }
  | { nested: z.ZodType }
  | { field: z.ZodType };
const wireHints = new WeakMap<z.ZodType, WireHint>();
export const wireHintOf = (schema: z.ZodType): WireHint | undefined => wireHints.get(schema);
function wire<T extends z.ZodType>(schema: T, hint: WireHint): T {
  wireHints.set(schema, hint);
  return schema;
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const trimmed = v.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/**
 * A field that takes anything, a missing key included, and reads it with `read`. zod 4 fails a missing
 * key unless the key's schema is optional on the way in, even for z.unknown(): hence the `.optional()`.
 * The output key stays required (a transform's output is never optional), so the console's types do
 * not gain `| undefined` for what is always there after parsing.
 */
export function anyValue<T>(read: (v: unknown) => T) {
  return z.unknown().optional().transform(read);
}

/** A number that may arrive as a numeric string ("0.08000000"); anything else gives null. */
export const numberish = wire(anyValue(toNumber), { type: 'number', nullable: true });

/** An id that may arrive as a string ("1234569"). The one thing a record may not lack. */
export const idish = wire(
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = toNumber(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: `Not an id: ${String(v)}` });
      return z.NEVER;
    }
    return n;
  }),
  { type: 'integer' },
);

/** A reference to another record (`assistant_id`, `"outbound_phone_id": "7"`): null when absent or unreadable. */
export const nullableIdish = wire(anyValue(toNumber), { type: 'integer', nullable: true });

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);

/** A boolean that may arrive as 0/1, "0"/"1" or "true"/"false"; missing or unreadable reads as false. */
export const boolish = wire(
  anyValue((v): boolean => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v === 'string') return TRUE_WORDS.has(v.trim().toLowerCase());
    return false;
  }),
  { type: 'boolean' },
);

export type JsonObject = Record<string, unknown>;

function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object field that PHP may send as `[]` when empty, or as null; other values give {}. */
export const objectish = wire(
  anyValue((v): JsonObject => {
    if (isPlainObject(v)) return v;
    // A non-empty list where an object belongs: keep its entries, keyed by position, rather than lose them.
    if (Array.isArray(v)) return Object.fromEntries(v.map((item, i) => [String(i), item]));
    return {};
  }),
  { type: 'object' },
);

/** A text field the spec types as string: numbers and booleans are written out; missing, null or an object gives null. */
export const textish = wire(
  anyValue((v): string | null => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return null;
  }),
  { type: 'string', nullable: true },
);

/** A status, type or name the console shows as it is, even when it is not one it knows; '' when missing. */
export const openString = wire(
  anyValue((v): string => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return '';
  }),
  { type: 'string' },
);

/**
 * A list field: items that do not parse (a record without its id, a number where a record belongs) are
 * left out, the rest kept; anything that is not a list (null, missing, PHP's `{}`) gives [].
 */
export function lenientList<T extends z.ZodType>(item: T) {
  const list = anyValue((v): z.output<T>[] => {
    if (!Array.isArray(v)) return [];
    const out: z.output<T>[] = [];
    for (const entry of v) {
      const parsed = item.safeParse(entry);
      if (parsed.success) out.push(parsed.data);
    }
    return out;
  });
  return wire(list, { list: item });
}

/** A record nested in another (a lead's campaign): null when missing, `[]`, or without a usable id. */
export function nestedRecord<T extends z.ZodType>(record: T) {
  const nested = anyValue((v): z.output<T> | null => {
    const parsed = record.safeParse(v);
    return parsed.success ? parsed.data : null;
  });
  return wire(nested, { nested: record });
}

type LenientField<S extends z.ZodType> = z.ZodType<z.output<S>, unknown>;
type LenientShape<S extends Record<string, z.ZodType>, R extends PropertyKey> = {
  [K in keyof S]: K extends 'id' | R
    ? S[K]
    : S[K] extends { _zod: { optout: 'optional' } }
      ? z.ZodOptional<LenientField<S[K]>>
      : LenientField<S[K]>;
};

/** What a field falls back to when its value cannot be read: what it gives for a missing key, or for null. */
function fallbackOf(key: string, schema: z.ZodType): { value: unknown } {
  for (const probe of [undefined, null]) {
    const parsed = schema.safeParse(probe);
    if (parsed.success) return { value: parsed.data };
  }
  throw new Error(`lenientRecord: the field "${key}" has no fallback; it must accept a missing value or null`);
}

function lenientField(key: string, schema: z.ZodType) {
  const fallback = fallbackOf(key, schema);
  const field = anyValue((v) => {
    const parsed = schema.safeParse(v);
    return parsed.success ? parsed.data : fallback.value;
  });
  return wire(field, { field: schema });
}

/**
 * A record as a server sends it, lenient by construction: every field but `id` (and the few named in
 * `required`, such as a paginator's `data`) takes any value or none and falls back to what it gives for
 * a missing value when it cannot be read, so a field schema written a little too strictly still never
 * fails the record. Building one with a field that has no fallback (accepts neither a missing value nor
 * null) throws at once, on import. Unknown fields pass through.
 */
export function lenientRecord<S extends Record<string, z.ZodType>, R extends keyof S & string = never>(
  shape: S,
  required: readonly R[] = [],
) {
  const fields: Record<string, z.ZodType> = {};
  const keep = new Set<string>(['id', ...required]);
  for (const [key, schema] of Object.entries(shape)) {
    if (keep.has(key)) {
      fields[key] = schema;
      continue;
    }
    const field = lenientField(key, schema);
    fields[key] = schema._zod.optout === 'optional' ? field.optional() : field;
  }
  return z.looseObject(fields as LenientShape<S, R>);
}
