import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { summarizeFieldErrors, type FieldErrors } from '../../contract';

/** An error a client caused or may see: answered as `{message}` (plus `errors` for 422). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class ValidationError extends HttpError {
  constructor(errors: FieldErrors) {
    super(422, summarizeFieldErrors(errors), errors);
  }
}

/** One field's error, as Laravel's validator would give it. */
export function fieldError(field: string, message: string): ValidationError {
  return new ValidationError({ [field]: [message] });
}

export const notFound = (message: string) => new HttpError(404, message);

export function errorResponse(c: Context, err: HttpError): Response {
  const body: Record<string, unknown> = { message: err.message };
  if (err.errors) body.errors = err.errors;
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(body, err.status);
}
