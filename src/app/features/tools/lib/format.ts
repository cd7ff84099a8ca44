/**
 * A record's ISO timestamp as a short local date (or date and time); what cannot be read is shown as it
 * came.
 */
export function formatUpdated(value: string | null, withTime = false): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString(undefined, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}
