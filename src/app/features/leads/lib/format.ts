import type { Lead } from '@contract/lead';
import { formatWallClock } from '@/i18n/format';
import { variableText } from '@/lib/variables';

export function customerName(lead: Pick<Lead, 'variables'>): string {
  return variableText(lead.variables.customer_name);
}

export function customerEmail(lead: Pick<Lead, 'variables'>): string {
  return variableText(lead.variables.email);
}

const SERVICE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

/**
 * A lead's time as the service wrote it ("2025-03-01 09:30:00", ISO with or without microseconds): the
 * service sends no zone with these, so the wall clock is shown as sent, in the reader's language
 * ("Mar 1, 2025, 9:30 AM" / "01.03.2025, 09:30"); anything else as it is, '' for nothing.
 */
export function formatLeadTime(value: string | null): string {
  return value ? formatWallClock(value) : '';
}

/** The same time as a date and a clock, for a narrow column (date over time); the clock is '' when there is none. */
export function formatLeadDateAndTime(value: string | null): { date: string; time: string } {
  if (!value) return { date: '', time: '' };
  if (!SERVICE_TIME.test(value)) return { date: formatWallClock(value), time: '' };
  return { date: formatWallClock(value, { dateStyle: 'medium' }), time: formatWallClock(value, { timeStyle: 'short' }) };
}
