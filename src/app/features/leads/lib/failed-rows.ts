import Papa from 'papaparse';
import { m } from '@/i18n';
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

const OUTCOME_LABELS: Record<RowOutcome['status'], () => string> = {
  created: m.leads_outcome_created,
  skipped: m.leads_outcome_skipped,
  failed: m.leads_outcome_failed,
  'not-sent': m.leads_outcome_not_sent,
};

/** What happened to a row, in the reader's language. */
export function outcomeLabel(status: RowOutcome['status']): string {
  return OUTCOME_LABELS[status]();
}

export interface NotImportedRow {
  row: CheckedRow;
  outcome: Exclude<RowOutcome, { status: 'created' }>;
}

export function notImportedRows(rows: readonly CheckedRow[], outcomes: readonly (RowOutcome | undefined)[]): NotImportedRow[] {
  const out: NotImportedRow[] = [];
  rows.forEach((row, i) => {
    const outcome = outcomes[i] ?? { status: 'not-sent' as const, reason: m.leads_reason_not_sent() };
    if (outcome.status !== 'created') out.push({ row, outcome });
  });
  return out;
}

export function failedRowsCsv(headers: readonly string[], rows: readonly NotImportedRow[]): string {
  return Papa.unparse(
    {
      fields: [...headers, m.leads_csv_heading_row(), m.leads_csv_heading_outcome(), m.leads_csv_heading_reason()],
      data: rows.map(({ row, outcome }) => [...row.cells, String(row.rowNumber), outcomeLabel(outcome.status), outcome.reason]),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

export function failedRowsFileName(sourceName: string): string {
  const base = sourceName.replace(/\.[^.]+$/, '') || m.leads_import_failed_file_default();
  return m.leads_import_failed_file_name({ name: base });
}
