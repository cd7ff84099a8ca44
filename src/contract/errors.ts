import { z } from 'zod';

/** Field errors in Laravel's form: dotted keys (`post_call_schema.0.name`) to a list of messages. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const simpleErrorSchema = z.object({ message: z.string() });
export const validationErrorSchema = z.object({ message: z.string(), errors: fieldErrorsSchema });

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
