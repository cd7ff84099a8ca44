import { formatInstant } from '@/i18n/format';

/**
 * A record's ISO timestamp as a short local date (or date and time) in the reader's language; what cannot
 * be read is shown as it came.
 */
export function formatUpdated(value: string | null, withTime = false): string {
  return formatInstant(value, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}
