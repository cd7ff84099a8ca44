import type { OwnedNumber } from '../api/schemas';

const TYPE_LABELS: Record<string, string> = { normal: 'Dedicated', sip: 'SIP', caller_id: 'Caller ID' };

/** The host's own label when it sent one, else ours for the documented types, else the type as sent. */
export function numberTypeLabel(n: Pick<OwnedNumber, 'type' | 'type_label'>): string {
  return n.type_label || TYPE_LABELS[n.type] || n.type || '';
}

/** The assistant a number serves, by name; null when none (or the host does not say). */
export function servedBy(n: Pick<OwnedNumber, 'assistant'>): string | null {
  if (!n.assistant) return null;
  return n.assistant.name || `Assistant #${n.assistant.id}`;
}
