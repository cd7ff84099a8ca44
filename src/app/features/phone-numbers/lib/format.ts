import { m } from '@/i18n';
import { hostTypeLabel } from '@/lib/number-type-label';
import type { OwnedNumber } from '../api/schemas';

type Label = () => string;

/** The documented types, when the host sends no label of its own. */
const TYPE_LABELS: Record<string, Label> = { normal: m.numbers_type_dedicated, sip: m.numbers_type_sip, caller_id: m.numbers_type_caller_id };

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
