/*
 * A call's or a lead's variables as the forms edit them: key/value rows of text (the variable rows
 * widget), read from the service's values.
 */

export interface VariableRow {
  key: string;
  value: string;
  /** An existing variable of the lead (edit form): its key is fixed, it cannot be removed. */
  existing?: boolean;
}

/** A variable's value as text: strings as they are, anything else as JSON. */
export function variableText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The rows as the variables object a request carries: rows without a key left out, keys trimmed. */
export function rowsToObject(rows: readonly VariableRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key !== '') out[key] = row.value;
  }
  return out;
}
