import { m } from '@/i18n';
import type { OwnedNumber } from '../api/schemas';

type Label = () => string;

/** The documented types, when the host sends no label of its own. */
const TYPE_LABELS: Record<string, Label> = { normal: m.numbers_type_dedicated, sip: m.numbers_type_sip, caller_id: m.numbers_type_caller_id };

/** The host's documented labels, in the reader's language. */
const HOST_LABELS: Record<string, Label> = { Normal: m.numbers_type_normal, SIP: m.numbers_type_sip, 'Caller ID': m.numbers_type_caller_id };

/** A type label as the host sent it ("Normal", "SIP", "Caller ID"), translated when it is a documented one. */
export function hostTypeLabel(label: string): string {
  return Object.hasOwn(HOST_LABELS, label) ? HOST_LABELS[label]!() : label;
}

/** The host's own label when it sent one, else ours for the documented types, else the type as sent. */
export function numberTypeLabel(n: Pick<OwnedNumber, 'type' | 'type_label'>): string {
  if (n.type_label) return hostTypeLabel(n.type_label);
  if (n.type && Object.hasOwn(TYPE_LABELS, n.type)) return TYPE_LABELS[n.type]!();
  return n.type || '';
}

/** The assistant a number serves, by name; null when none (or the host does not say). */
export function servedBy(n: Pick<OwnedNumber, 'assistant'>): string | null {
  if (!n.assistant) return null;
  return n.assistant.name || m.numbers_assistant_fallback({ id: String(n.assistant.id) });
}
