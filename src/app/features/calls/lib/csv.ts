import type { Call } from '../../../../contract/call';
import { formatDuration } from './format';
import { transcriptText } from './transcript';

/*
 * The export: the table's columns plus the transcript as plain lines. Values stay machine-readable
 * (service times, E.164 numbers, plain numbers); papaparse is loaded only when someone exports.
 */

export const CSV_COLUMNS = [
  'Call ID',
  'Date and time',
  'Type',
  'Status',
  'Assistant',
  'Campaign',
  'Client number',
  'Assistant number',
  'Duration',
  'Duration (seconds)',
  'Answered by',
  'Total cost',
  'Transcript',
] as const;

type Cell = string | number;

export function csvRow(call: Call): Cell[] {
  return [
    call.id,
    call.created_at ?? '',
    call.type,
    call.status,
    call.assistant_name ?? '',
    call.campaign_name ?? '',
    call.client_phone_number ?? '',
    call.assistant_phone_number ?? '',
    call.duration == null ? '' : formatDuration(call.duration),
    call.duration ?? '',
    call.answered_by ?? '',
    call.total_cost ?? '',
    transcriptText(call.transcript),
  ];
}

/*
 * A cell a spreadsheet would run as a formula gets a leading apostrophe. A "+" or "-" followed by a
 * digit is a phone number or a negative amount and is left alone.
 */
export const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s.]*$)/;

export async function buildCsv(calls: readonly Call[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: calls.map(csvRow) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

export function csvFileName(filterLabel: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const slug = filterLabel
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `calls${slug ? `-${slug}` : ''}-${stamp}.csv`;
}
