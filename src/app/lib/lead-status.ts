import { m } from '@/i18n';

/*
 * A lead's status in the reader's language: the documented ones get a label, any other is shown exactly
 * as the service sent it.
 */

const LABELS: Record<string, () => string> = {
  created: m.leads_status_created,
  completed: m.leads_status_completed,
  'reached-max-retries': m.leads_status_reached_max_retries,
};

export function leadStatusLabel(status: string): string {
  const label = Object.prototype.hasOwnProperty.call(LABELS, status) ? LABELS[status] : undefined;
  return label ? label() : status;
}

/** Select options for statuses: the value as the service knows it, the label in the reader's language. */
export function statusSelectData(statuses: readonly string[]): { value: string; label: string }[] {
  return statuses.map((s) => ({ value: s, label: leadStatusLabel(s) }));
}
