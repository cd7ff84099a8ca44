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
    default:
      return undefined;
  }
};

/** zod issues to Laravel's `errors` object: dotted keys, a list of messages each. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses with Laravel messages; the result carries field errors ready for a 422 body or a form. */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; data: z.output<T> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(input, { error: laravelErrorMap });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: toFieldErrors(result.error) };
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
