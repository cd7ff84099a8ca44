import { z } from 'zod';
import { anyValue, lenientRecord, openString } from './common';

/** Field errors in Laravel's form: dotted keys (`post_call_schema.0.name`) to a list of messages. */
export type FieldErrors = Record<string, string[]>;

function messagesOf(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  if (Array.isArray(v)) return v.flatMap(messagesOf);
  return [];
}

/**
 * Field errors as a host sends them, read leniently: a field's messages may come as a list or as one
 * string; a field without a readable message is left out; anything that is not an object gives {}.
 */
export const fieldErrorsSchema = anyValue((v): FieldErrors => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(v)) {
    const messages = messagesOf(value);
    if (messages.length > 0) out[key] = messages;
  }
  return out;
});

/** `{message}`; a missing message reads as ''. */
export const simpleErrorSchema = lenientRecord({ message: openString });
export const validationErrorSchema = lenientRecord({ message: openString, errors: fieldErrorsSchema });

/**
 * Every error body the hosted service has been seen to send: `{message}`, `{message, errors}`,
 * `{message, success, data}`, `{error, message}`, `{error}`; 429 adds `retry_after`.
 */
export const anyErrorBodySchema = z.looseObject({
  message: z.unknown().optional(),
  error: z.unknown().optional(),
  errors: z.unknown().optional(),
  retry_after: z.unknown().optional(),
});

/** Laravel's summary line: the first message, plus "(and N more errors)". */
export function summarizeFieldErrors(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more error${more === 1 ? '' : 's'})`;
}
