import type { FieldPath, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from '@contract';
import { ApiError, errorMessage } from '@/api/errors';
import { rootErrorType } from '@/lib/form-errors';
import { FILLER_KINDS, type AssistantFormValues } from './form-schema';

/*
 * The service answers a refused save with Laravel's dotted keys (`post_call_schema.0.name`,
 * `end_call_tool.description`, `tool_ids.1`, `variables.customer_name`). Most are the form's own paths;
 * the rest are put where the person sees them: every tool id on the tools picker, a variable's key on
 * its row, a whole list on the list.
 */

type FormPath = FieldPath<AssistantFormValues>;

const rowFields: Record<'post_call_schema' | 'variables', readonly string[]> = {
  post_call_schema: ['name', 'type', 'description'],
  variables: ['key', 'value'],
};

/** The form path that shows the server's error for `key`, or null when the form has no such field. */
export function errorPathFor(key: string, values: AssistantFormValues): FormPath | null {
  const [head = '', ...rest] = key.split('.');

  if (head === 'end_call_tool') return 'end_call_tool.description';
  // `filler_config.question.3`: the list edited as one box; the config as a whole on the first box.
  if (head === 'filler_config') {
    const kind = rest[0];
    return (FILLER_KINDS as readonly string[]).includes(kind ?? '') ? (`filler_config.${kind}` as FormPath) : 'filler_config.neutral';
  }
  if (head === 'tool_ids') return 'tool_ids';
  // Every label's error on the labels picker (`label_ids.1`).
  if (head === 'label_ids') return 'label_ids';
  // And every secondary language's (`secondary_language_ids.0`) on its picker.
  if (head === 'secondary_language_ids') return 'secondary_language_ids';

  if (head === 'post_call_schema') {
    const [index, sub] = rest;
    const i = Number(index);
    if (index === undefined || !Number.isInteger(i) || i < 0 || i >= values.post_call_schema.length) {
      return 'post_call_schema.root' as FormPath;
    }
    const part = sub !== undefined && rowFields.post_call_schema.includes(sub) ? sub : 'name';
    return `post_call_schema.${i}.${part}` as FormPath;
  }

  if (head === 'variables') {
    // The request's variables are an object: the server names a variable by its key, not a row number.
    const name = rest.join('.');
    if (name === '') return 'variables.root' as FormPath;
    const i = values.variables.findIndex((row) => row.key.trim() === name);
    return i === -1 ? ('variables.root' as FormPath) : (`variables.${i}.value` as FormPath);
  }

  if (rest.length === 0 && Object.prototype.hasOwnProperty.call(values, head)) return head as FormPath;
  return null;
}

/**
 * Puts a failed save's errors on the form, messages of keys that land on one field joined; what has no
 * field (or an error without field errors) goes to `root.server`, so no message is lost. The first
 * field with an error takes the focus. Returns the paths that got an error.
 */
export function applyAssistantErrors(
  error: unknown,
  setError: UseFormSetError<AssistantFormValues>,
  values: AssistantFormValues,
): FormPath[] {
  const fieldErrors: FieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const byPath = new Map<FormPath, string[]>();
  const leftOver: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const path = errorPathFor(key, values);
    if (path === null) leftOver.push(...messages);
    else byPath.set(path, [...(byPath.get(path) ?? []), ...messages]);
  }
  let first = true;
  for (const [path, messages] of byPath) {
    setError(path, { type: 'server', message: [...new Set(messages)].join(' ') }, { shouldFocus: first });
    first = false;
  }
  if (leftOver.length > 0 || byPath.size === 0) {
    setError('root.server', { type: rootErrorType(error), message: leftOver.length > 0 ? leftOver.join(' ') : errorMessage(error) });
  }
  return [...byPath.keys()];
}
