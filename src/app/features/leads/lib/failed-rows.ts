import Papa from 'papaparse';
import type { RowOutcome } from './importer';
import type { CheckedRow } from './row-validation';

/*
 * The rows an import did not create, as a CSV a person can fix and import again: the file's own columns
 * as they were, then the row number, what happened and why.
 */

/*
 * A cell a spreadsheet would run as a formula gets a leading apostrophe. A "+" or "-" followed only by
 * digits and phone punctuation is a phone number and is left alone, so the file imports again as it is.
 */
export const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/;

export const OUTCOME_LABELS: Record<RowOutcome['status'], string> = {
  created: 'created',
  skipped: 'skipped (not sent)',
  failed: 'refused by the service',
  'not-sent': 'not sent',
};

export interface NotImportedRow {
  row: CheckedRow;
  outcome: Exclude<RowOutcome, { status: 'created' }>;
}

export function notImportedRows(rows: readonly CheckedRow[], outcomes: readonly (RowOutcome | undefined)[]): NotImportedRow[] {
  const out: NotImportedRow[] = [];
  rows.forEach((row, i) => {
    const outcome = outcomes[i] ?? { status: 'not-sent' as const, reason: 'Not sent.' };
    if (outcome.status !== 'created') out.push({ row, outcome });
  });
  return out;
}

export function failedRowsCsv(headers: readonly string[], rows: readonly NotImportedRow[]): string {
  return Papa.unparse(
    {
      fields: [...headers, 'row', 'outcome', 'reason'],
      data: rows.map(({ row, outcome }) => [...row.cells, String(row.rowNumber), OUTCOME_LABELS[outcome.status], outcome.reason]),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

export function failedRowsFileName(sourceName: string): string {
  const base = sourceName.replace(/\.[^.]+$/, '') || 'leads';
  return `${base}-not-imported.csv`;
}
