import { m } from '@/i18n';

type Label = () => string;

/** The host's documented labels, in the reader's language. */
const HOST_LABELS: Record<string, Label> = { Normal: m.numbers_type_normal, SIP: m.numbers_type_sip, 'Caller ID': m.numbers_type_caller_id };

/** A type label as the host sent it ("Normal", "SIP", "Caller ID"), translated when it is a documented one. */
export function hostTypeLabel(label: string): string {
  return Object.hasOwn(HOST_LABELS, label) ? HOST_LABELS[label]!() : label;
}
