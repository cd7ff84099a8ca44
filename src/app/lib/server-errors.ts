import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/api/errors';
import { rootErrorType } from './form-errors';

/**
 * Puts a refused save's messages where they belong: each of the service's field errors (dotted keys) on
 * the form field `pathOf` names, a plain message on the field `plainMessageField` recognises (the update
 * endpoint answers some refusals without field keys), everything else above the button. No message is
 * lost. Returns the path of the first field that got one.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  pathOf: (key: string) => string | null,
  plainMessageField?: (error: ApiError) => string | null,
): string | null {
  const leftOver: string[] = [];
  let first: string | null = null;
  const place = (path: string, message: string) => {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: first === null });
    first ??= path;
  };
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const path = pathOf(key);
      if (path) place(path, messages.join(' '));
      else leftOver.push(...messages);
    }
  } else if (error instanceof ApiError && plainMessageField) {
    const path = plainMessageField(error);
    if (path) place(path, error.message);
  }
  if (leftOver.length > 0 || first === null) {
    setError('root.server' as Path<T>, { type: rootErrorType(error), message: leftOver.length > 0 ? leftOver.join(' ') : errorMessage(error) });
  }
  return first;
}
