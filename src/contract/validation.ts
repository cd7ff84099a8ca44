import { z } from 'zod';
import type { FieldErrors } from './errors';

/*
 * Laravel-style validation messages for zod issues, shared by the local service (422 bodies) and the
 * console's forms, so a person reads the same sentence before sending as the server would answer.
 */

type Issue = Parameters<z.core.$ZodErrorMap>[0];

export function attributeName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.').replace(/_/g, ' ');
}

const typeWords: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
};

export const laravelErrorMap: z.core.$ZodErrorMap = (issue: Issue) => {
  const field = attributeName(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return `The ${field} field is required.`;
      return `The ${field} field must be ${typeWords[issue.expected] ?? issue.expected}.`;
    }
    case 'too_small': {
      if (issue.origin === 'string') {
        if (Number(issue.minimum) <= 1) return `The ${field} field is required.`;
        return `The ${field} field must be at least ${String(issue.minimum)} characters.`;
      }
      if (issue.origin === 'array') return `The ${field} field must have at least ${String(issue.minimum)} items.`;
      // Laravel's separate min and max rules, not its between rule: each bound reads on its own.
      return `The ${field} field must be at least ${String(issue.minimum)}.`;
    }
    case 'too_big': {
      if (issue.origin === 'string')
        return `The ${field} field must not be greater than ${String(issue.maximum)} characters.`;
      if (issue.origin === 'array')
        return `The ${field} field must not have more than ${String(issue.maximum)} items.`;
      return `The ${field} field must not be greater than ${String(issue.maximum)}.`;
    }
    case 'invalid_value':
      if (issue.input === undefined) return `The ${field} field is required.`;
      return `The selected ${field} is invalid.`;
    case 'invalid_format':
      if (issue.format === 'url') return `The ${field} field must be a valid URL.`;
      if (issue.format === 'email') return `The ${field} field must be a valid email address.`;
      return `The ${field} field format is invalid.`;
    case 'unrecognized_keys':
      return `The ${field || 'request'} contains unknown fields: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `The ${field} field must be a multiple of ${String(issue.divisor)}.`;
    // Neither form of a field that takes two (an object or PHP's `[]`), or a record's key out of bounds.
    case 'invalid_union':
      return `The ${field} field is invalid.`;
    case 'invalid_key':
      return `The ${field} field has an invalid key.`;
    default:
      return undefined;
  }
};

/** zod issues to Laravel's `errors` object: dotted keys, a list of messages each. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out = new ErrorList();
  for (const issue of error.issues) out.add(issue.path, issue.message);
  return out.toObject();
}

/**
 * Field errors as they are gathered. A Map, not an object: a client's key may be `__proto__`, and
 * `errors["__proto__"] ??= []` on a plain object would reach Object.prototype instead of a list.
 * Object.fromEntries defines such a key as an own property, so it is answered like any other.
 */
class ErrorList {
  private readonly byKey = new Map<string, string[]>();

  add(path: readonly PropertyKey[], message: string): void {
    const key = path.map(String).join('.') || '_';
    const list = this.byKey.get(key);
    if (!list) this.byKey.set(key, [message]);
    else if (!list.includes(message)) list.push(message);
  }

  merge(errors: FieldErrors): void {
    for (const [key, messages] of Object.entries(errors)) {
      for (const m of messages) this.add([key], m);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  toObject(): FieldErrors {
    return Object.fromEntries(this.byKey);
  }
}

/*
 * What no request may carry, whatever its schema says of the field: PostgreSQL's text and jsonb cannot
 * hold NUL, its jsonb refuses a lone UTF-16 surrogate (JSON allows `"\ud800"`, UTF-8 cannot encode it),
 * and nesting without end only exhausts the stack of whoever walks it next (JSON.stringify, jsonb's
 * parser). One walk over the raw input finds them all, in values and in object keys alike, so every
 * endpoint answers 422 on the field instead of the database answering 500.
 */

/** How deep a request's values may nest; the deepest the service's own shapes go is 4. */
export const MAX_REQUEST_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- NUL is one of the characters it is there to find
const UNSAFE_CHARS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** What is wrong with a string's characters, as the end of a Laravel sentence; null when nothing is. */
function characterFault(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/** A key fit to name in an error: the characters no response should echo become U+FFFD. */
function printableKey(key: string): string {
  return key.replace(UNSAFE_CHARS, '\uFFFD');
}

/**
 * Field errors for NUL characters, lone surrogates and nesting deeper than MAX_REQUEST_DEPTH anywhere in
 * `input` (dotted keys, as the schema's own errors are keyed). Iterative: a body nested a million levels
 * deep must not overflow the stack here either.
 */
export function unsafeInputErrors(input: unknown): FieldErrors {
  const out = new ErrorList();
  const add = (path: readonly PropertyKey[], message: string) => out.add(path, message);
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const fault = characterFault(value);
      if (fault) add(path, `The ${attributeName(path)} field ${fault}.`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_REQUEST_DEPTH) {
      const top = path.slice(0, 1);
      add(top, `The ${attributeName(top)} field must not be nested more than ${MAX_REQUEST_DEPTH} levels deep.`);
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i] as unknown, path: [...path, i] });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i]!;
      const fault = characterFault(k);
      if (fault) {
        const named = [...path, printableKey(k)];
        add(named, `The ${attributeName(named)} field name ${fault}.`);
      } else {
        stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return out.toObject();
}

/**
 * Parses with Laravel messages; the result carries field errors ready for a 422 body or a form. Input no
 * field may carry (see unsafeInputErrors) fails whatever the schema says, reported beside the schema's
 * own errors.
 */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; data: z.output<T> } | { ok: false; errors: FieldErrors } {
  const unsafe = unsafeInputErrors(input);
  const result = schema.safeParse(input, { error: laravelErrorMap });
  if (result.success && Object.keys(unsafe).length === 0) return { ok: true, data: result.data };
  const errors = new ErrorList();
  errors.merge(unsafe);
  if (!result.success) errors.merge(toFieldErrors(result.error));
  return { ok: false, errors: errors.toObject() };
}

/** An http(s) URL: what the service stores for webhooks and tool endpoints, and what the console links to. */
export const httpUrl = z.url({ protocol: /^https?$/ });

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A valid zone in its canonical spelling ("europe/berlin" → "Europe/Berlin"). */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}
