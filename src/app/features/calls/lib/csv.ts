import type { Call } from '@contract/call';
import { m } from '@/i18n';
import { formatDuration } from '@/lib/call-format';
import { transcriptText } from '@/lib/transcript';

/*
 * The export: the table's columns plus the transcript as plain lines. Values stay machine-readable
 * (service times, E.164 numbers, plain numbers, the API's own status and type words); only the headings
 * and the transcript's speaker names are in the reader's language. papaparse is loaded only when
 * someone exports.
 */

/** The column headings, in the reader's language (a function: the locale is read when exporting). */
export function csvColumns(): string[] {
  return [
    m.calls_col_call_id(),
    m.calls_col_date_time(),
    m.calls_col_type(),
    m.common_status(),
    m.calls_col_assistant(),
    m.calls_col_campaign(),
    m.calls_col_client_number(),
    m.calls_col_assistant_number(),
    m.calls_col_duration(),
    m.calls_col_duration_seconds(),
    m.calls_col_answered_by(),
    m.calls_col_total_cost(),
    m.calls_col_transcript(),
  ];
}

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
    { fields: csvColumns(), data: calls.map(csvRow) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

export function csvFileName(filterLabel: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const slug = filterLabel
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${m.calls_export_file_prefix()}${slug ? `-${slug}` : ''}-${stamp}.csv`;
}
