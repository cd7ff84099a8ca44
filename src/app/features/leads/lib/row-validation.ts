import type { CountryCode } from '@contract/phone';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { describeCountry, toE164 } from '@/lib/phone';
import type { MappedRow } from './csv-mapping';

/*
 * The import's preview: every row the service would refuse is found here, before anything is sent.
 * A row fails when its number is missing or not valid (read in the default country unless it starts with
 * + or 00), when an earlier row of the file has the same number, or when the campaign already holds it
 * (unless duplicates are allowed). Warnings (an email that does not look like one) do not stop a row.
 */

export type RowProblemKind = 'missing-phone' | 'invalid-phone' | 'duplicate-in-file' | 'duplicate-in-campaign' | 'value-too-long';

export interface RowProblem {
  kind: RowProblemKind;
  message: string;
}

export interface CheckedRow extends MappedRow {
  /** The number as the API will receive it; null when it cannot be read. */
  e164: string | null;
  problems: RowProblem[];
  warnings: string[];
}

export interface ValidationOptions {
  defaultCountry: CountryCode;
  /** E.164 numbers of the campaign's leads (primary leads: the service checks only those). */
  existingNumbers: ReadonlySet<string>;
  campaignName?: string;
  /** Send allow_dupplicate: duplicates are then not failures. */
  allowDuplicates?: boolean;
}

/** The service's limit on a variable's value. */
export const VARIABLE_VALUE_MAX = 10_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRows(rows: readonly MappedRow[], options: ValidationOptions): CheckedRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map((row) => {
    const problems: RowProblem[] = [];
    const warnings: string[] = [];
    const e164 = row.phone === '' ? null : toE164(row.phone, options.defaultCountry);
    if (row.phone === '') problems.push({ kind: 'missing-phone', message: m.leads_check_no_phone() });
    else if (e164 === null)
      problems.push({
        kind: 'invalid-phone',
        message: m.leads_check_invalid_phone({ phone: row.phone, country: describeCountry(options.defaultCountry) }),
      });
    for (const [key, value] of Object.entries(row.variables)) {
      if (value.length > VARIABLE_VALUE_MAX)
        problems.push({ kind: 'value-too-long', message: m.leads_check_value_too_long({ key, max: formatNumber(VARIABLE_VALUE_MAX) }) });
    }
    const email = row.variables.email;
    if (email !== undefined && !EMAIL.test(email)) warnings.push(m.leads_check_email_warning({ email }));

    if (e164 !== null && problems.length === 0 && !options.allowDuplicates) {
      if (options.existingNumbers.has(e164)) {
        problems.push({
          kind: 'duplicate-in-campaign',
          message: options.campaignName
            ? m.leads_check_in_named_campaign({ phone: e164, campaign: options.campaignName })
            : m.leads_check_in_this_campaign({ phone: e164 }),
        });
      } else {
        const first = firstRowOf.get(e164);
        if (first !== undefined) problems.push({ kind: 'duplicate-in-file', message: m.leads_check_in_file({ phone: e164, row: String(first) }) });
        else firstRowOf.set(e164, row.rowNumber);
      }
    }
    return { ...row, e164, problems, warnings };
  });
}

export interface ValidationSummary {
  total: number;
  ready: number;
  failing: number;
  byKind: Record<RowProblemKind, number>;
  warnings: number;
}

export function summarizeValidation(rows: readonly CheckedRow[]): ValidationSummary {
  const byKind: Record<RowProblemKind, number> = {
    'missing-phone': 0,
    'invalid-phone': 0,
    'duplicate-in-file': 0,
    'duplicate-in-campaign': 0,
    'value-too-long': 0,
  };
  let failing = 0;
  let warnings = 0;
  for (const row of rows) {
    if (row.problems.length > 0) failing += 1;
    if (row.warnings.length > 0) warnings += 1;
    for (const p of row.problems) byKind[p.kind] += 1;
  }
  return { total: rows.length, ready: rows.length - failing, failing, byKind, warnings };
}
