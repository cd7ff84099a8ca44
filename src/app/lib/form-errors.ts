import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/api/errors';

/**
 * Puts a failed change's errors on the form: each of the service's field errors (Laravel's dotted keys,
 * `post_call_schema.0.name`, which are react-hook-form paths as they are) on its field, everything else
 * on `root.server` for the form to show above the button.
 *
 * `fields` names the form's paths that can show an error; `rename` maps a server key onto another form
 * path (e.g. `assistant_name` -> `name`). Keys that land nowhere are added to the root message, so no
 * message is lost. Returns true when at least one field got an error.
 */
export function applyApiErrorToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { fields?: readonly string[]; rename?: Record<string, string> } = {},
): boolean {
  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) {
    setError('root.server', { type: rootErrorType(error), message: errorMessage(error) });
    return false;
  }
  const known = options.fields ? new Set(options.fields) : null;
  const leftOver: string[] = [];
  let placed = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const path = options.rename?.[key] ?? key;
    const target = known === null || known.has(path) || [...known].some((f) => path.startsWith(`${f}.`)) ? path : null;
    if (target === null) {
      leftOver.push(...messages);
      continue;
    }
    setError(target as FieldPath<T>, { type: 'server', message: messages.join(' ') }, { shouldFocus: !placed });
    placed = true;
  }
  if (leftOver.length > 0 || !placed) {
    setError('root.server', { type: 'server', message: leftOver.length > 0 ? leftOver.join(' ') : error.message });
  }
  return placed;
}

/** `root.server`'s type: `outcome-unknown` when the save may have gone through (see ApiError.outcomeUnknown). */
export const OUTCOME_UNKNOWN = 'outcome-unknown';
export function rootErrorType(error: unknown): string {
  return error instanceof ApiError && error.outcomeUnknown ? OUTCOME_UNKNOWN : 'server';
}
