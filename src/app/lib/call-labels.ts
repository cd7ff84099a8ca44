import type { CallStatus } from '@contract/call';
import { ANSWERED_BY, CALL_TYPES } from '@contract/call-values';
import { m } from '@/i18n';

/*
 * The words for the call's known values, in the reader's language. Maps of message functions (called
 * at render time, so the locale is read then); a value the console does not know is shown as sent.
 */

const STATUS_LABELS: Record<CallStatus, () => string> = {
  initiated: m.calls_status_initiated,
  ringing: m.calls_status_ringing,
  busy: m.calls_status_busy,
  'in-progress': m.calls_status_in_progress,
  ended: m.calls_status_ended,
  completed: m.calls_status_completed,
  ended_by_customer: m.calls_status_ended_by_customer,
  ended_by_assistant: m.calls_status_ended_by_assistant,
  'no-answer': m.calls_status_no_answer,
  failed: m.calls_status_failed,
};

const TYPE_LABELS: Record<(typeof CALL_TYPES)[number], () => string> = {
  inbound: m.calls_type_inbound,
  outbound: m.calls_type_outbound,
  web: m.calls_type_web,
};

const ANSWERED_BY_LABELS: Record<(typeof ANSWERED_BY)[number], () => string> = {
  human: m.calls_answered_human,
  machine: m.calls_answered_machine,
  unknown: m.calls_answered_unknown,
};

function known<K extends string>(labels: Record<K, () => string>, value: string): string | null {
  return Object.hasOwn(labels, value) ? labels[value as K]() : null;
}

export function isKnownStatus(status: string): status is CallStatus {
  return Object.hasOwn(STATUS_LABELS, status);
}

/** "No answer" / "Keine Antwort"; an unknown status as sent. */
export function statusLabel(status: string): string {
  return known(STATUS_LABELS, status) ?? status;
}

/** "Inbound" / "Eingehend"; an unknown type as sent, "—" for none. */
export function typeLabel(type: string | null | undefined): string {
  if (!type) return '—';
  return known(TYPE_LABELS, type) ?? type;
}

/** "Human" / "Mensch"; an unknown value as sent, "—" for none. */
export function answeredByLabel(value: string | null | undefined): string {
  if (!value || value.trim() === '') return '—';
  return known(ANSWERED_BY_LABELS, value) ?? value;
}
