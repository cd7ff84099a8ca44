import { z } from 'zod';

/*
 * Request fields as Laravel's rules take them. Clients of the hosted API send `"assistant_id": "8"` and
 * `"record": "1"`, which Laravel's `integer`, `numeric` and `boolean` rules accept; the local service takes
 * the same and nothing more. The coercion happens before the inner schema runs, so a value that is not
 * numeric still fails there with the usual Laravel sentence ("must be a number", "must be true or false").
 *
 * The schemas' input type stays what the console sends (number, boolean) widened by string, so forms
 * typed with `z.input<…>` keep their types.
 */

/** PostgreSQL's `integer`: ids above it name no row and must never reach SQL. */
export const PG_INT_MAX = 2_147_483_647;

const INTEGER_STRING = /^\s*[+-]?\d+\s*$/;
// PHP's is_numeric: decimal or exponent notation, surrounding white space allowed; no hex, no "Infinity".
const NUMERIC_STRING = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

function numericFromString(pattern: RegExp) {
  return (v: unknown): unknown => (typeof v === 'string' && pattern.test(v) ? Number(v) : v);
}

const BOOLEAN_FORMS = new Map<unknown, boolean>([
  [0, false],
  [1, true],
  ['0', false],
  ['1', true],
  ['true', true],
  ['false', false],
]);

function booleanFromForm(v: unknown): unknown {
  return BOOLEAN_FORMS.has(v) ? BOOLEAN_FORMS.get(v) : v;
}

type Widened<T extends z.ZodType, Extra> = z.ZodType<z.output<T>, z.input<T> | Extra>;

/** An integer field that also takes an integer string ("8"). Pass the bounded inner schema. */
export function laxInt<T extends z.ZodType>(inner: T): Widened<T, string> {
  return z.preprocess(numericFromString(INTEGER_STRING), inner) as unknown as Widened<T, string>;
}

/** A numeric field that also takes a numeric string ("0.7", "1e-1"). */
export function laxNumber<T extends z.ZodType>(inner: T): Widened<T, string> {
  return z.preprocess(numericFromString(NUMERIC_STRING), inner) as unknown as Widened<T, string>;
}

/** A boolean field that also takes 0/1, "0"/"1" and "true"/"false". */
export function laxBool<T extends z.ZodType = z.ZodBoolean>(inner?: T): Widened<T, string | number> {
  return z.preprocess(booleanFromForm, inner ?? z.boolean()) as unknown as Widened<T, string | number>;
}

/** A reference to a row: a positive integer the database's `integer` columns can hold, or its string. */
export function laxId() {
  return laxInt(z.number().int().min(1).max(PG_INT_MAX));
}
