import Papa from 'papaparse';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/*
 * A CSV file to rows of lead fields. The person maps each column to the phone number, the customer name,
 * the email, an extra variable (under a key they can rename) or nothing. Blank lines are counted, never
 * dropped without a word.
 */

export type ColumnTarget = 'phone' | 'customer_name' | 'email' | 'variable' | 'ignore';

export interface ColumnMapping {
  target: ColumnTarget;
  /** The variable key, when target is 'variable'. */
  key: string;
}

export interface ParsedCsv {
  headers: string[];
  /** Data rows (header excluded), each padded to the header's width. */
  rows: string[][];
  /** The spreadsheet row number of each data row (the header is row 1). */
  rowNumbers: number[];
  /** Lines with no value at all, left out of `rows`. */
  blankLines: number;
  /** Problems papaparse reported (unbalanced quotes and the like), with their row numbers. */
  errors: string[];
}

export const VARIABLE_KEY_MAX = 255;
export const VARIABLES_MAX = 100;

function uniqueHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((h, i) => {
    const base = h.trim() === '' ? m.leads_csv_column_n({ n: String(i + 1) }) : h.trim();
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** Parses CSV text (delimiter guessed: comma, semicolon, tab). The first row holds the column names. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t', '|'] });
  const all = result.data;
  // papaparse gives a trailing [''] for the final newline: not a blank line of the file.
  while (all.length > 0 && all[all.length - 1]!.length === 1 && all[all.length - 1]![0] === '') all.pop();
  let headerIndex = all.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) headerIndex = all.length;
  const headerRow = all[headerIndex] ?? [];
  const width = Math.max(headerRow.length, ...all.slice(headerIndex + 1).map((r) => r.length), 0);
  const headers = uniqueHeaders(Array.from({ length: width }, (_, i) => headerRow[i] ?? ''));
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  let blankLines = headerIndex; // blank lines above the header
  all.slice(headerIndex + 1).forEach((r, i) => {
    if (r.every((c) => c.trim() === '')) {
      blankLines += 1;
      return;
    }
    rows.push(Array.from({ length: width }, (_, c) => r[c] ?? ''));
    rowNumbers.push(headerIndex + i + 2);
  });
  const errors = result.errors
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) => (typeof e.row === 'number' ? m.leads_csv_row_error({ row: String(e.row + 1), message: e.message }) : e.message));
  return { headers, rows, rowNumbers, blankLines, errors };
}

/** A column name as a variable key: "First Name" -> first_name. */
export function toVariableKey(header: string): string {
  const key = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return key.slice(0, VARIABLE_KEY_MAX);
}

const PHONE = /^(phone|phone_?number|phonenumber|number|tel|telephone|telefon|telefonnummer|mobile|mobile_?number|mobil|handy|cell|cell_?phone|msisdn|e164)$/;
const NAME = /^(customer_?name|name|full_?name|contact|contact_?name|kunde|kundenname)$/;
const EMAIL = /^(e_?mail|email_?address|mail)$/;

/**
 * A first guess at the mapping from the column names: one phone column, one name, one email; every other
 * column becomes a variable (nothing is dropped unless the person says so).
 */
export function guessMapping(headers: readonly string[]): ColumnMapping[] {
  let phone = false;
  let name = false;
  let email = false;
  return headers.map((h) => {
    const key = toVariableKey(h);
    if (!phone && PHONE.test(key)) {
      phone = true;
      return { target: 'phone', key };
    }
    if (!name && NAME.test(key)) {
      name = true;
      return { target: 'customer_name', key };
    }
    if (!email && EMAIL.test(key)) {
      email = true;
      return { target: 'email', key };
    }
    return { target: 'variable', key };
  });
}

/** Problems of the mapping itself: they stop the import before any row is looked at. */
export function mappingProblems(mapping: readonly ColumnMapping[], headers: readonly string[]): string[] {
  const problems: string[] = [];
  const count = (t: ColumnTarget) => mapping.filter((col) => col.target === t).length;
  if (count('phone') === 0) problems.push(m.leads_mapping_need_phone());
  const onlyOne = { phone: m.leads_mapping_one_phone, customer_name: m.leads_mapping_one_customer_name, email: m.leads_mapping_one_email };
  for (const t of ['phone', 'customer_name', 'email'] as const) {
    if (count(t) > 1) problems.push(onlyOne[t]());
  }
  const keys = new Map<string, string[]>();
  if (count('customer_name') > 0) keys.set('customer_name', [m.leads_mapping_owner_customer_name()]);
  if (count('email') > 0) keys.set('email', [m.leads_mapping_owner_email()]);
  mapping.forEach((col, i) => {
    if (col.target !== 'variable') return;
    const key = col.key.trim();
    const header = headers[i] ?? m.leads_csv_column_n_lower({ n: String(i + 1) });
    if (key === '') {
      problems.push(m.leads_mapping_name_variable({ header }));
      return;
    }
    if (key.length > VARIABLE_KEY_MAX) problems.push(m.leads_mapping_key_too_long({ header, max: formatNumber(VARIABLE_KEY_MAX) }));
    keys.set(key, [...(keys.get(key) ?? []), m.leads_mapping_quoted({ text: header })]);
  });
  for (const [key, owners] of keys) {
    if (owners.length > 1) problems.push(m.leads_mapping_key_twice({ key, owners: owners.join(', ') }));
  }
  if (keys.size > VARIABLES_MAX) problems.push(m.leads_mapping_too_many({ max: formatNumber(VARIABLES_MAX) }));
  return problems;
}

const TARGET_LABELS: Record<ColumnTarget, () => string> = {
  phone: m.leads_field_phone_number,
  customer_name: m.leads_field_customer_name,
  email: m.leads_field_email,
  variable: m.leads_field_variable,
  ignore: m.leads_field_ignore,
};

/** What a column is used as, in the reader's language. */
export function targetLabel(t: ColumnTarget): string {
  return TARGET_LABELS[t]();
}

/** One data row read through the mapping. */
export interface MappedRow {
  /** Index into the parsed rows. */
  index: number;
  /** Spreadsheet row number (header = 1). */
  rowNumber: number;
  cells: string[];
  phone: string;
  /** customer_name, email and the extra variables; empty cells are left out. */
  variables: Record<string, string>;
}

export function applyMapping(csv: Pick<ParsedCsv, 'rows' | 'rowNumbers'>, mapping: readonly ColumnMapping[]): MappedRow[] {
  return csv.rows.map((cells, index) => {
    let phone = '';
    const variables: Record<string, string> = {};
    mapping.forEach((col, c) => {
      const value = (cells[c] ?? '').trim();
      if (col.target === 'phone') phone = value;
      else if (value === '') return;
      else if (col.target === 'customer_name') variables.customer_name = value;
      else if (col.target === 'email') variables.email = value;
      else if (col.target === 'variable' && col.key.trim() !== '') variables[col.key.trim()] = value;
    });
    return { index, rowNumber: csv.rowNumbers[index] ?? index + 2, cells, phone, variables };
  });
}
