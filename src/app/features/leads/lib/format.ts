import type { Lead } from '../../../../contract/lead';

/** A variable's value as text: strings as they are, anything else as JSON. */
export function variableText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function customerName(lead: Pick<Lead, 'variables'>): string {
  return variableText(lead.variables.customer_name);
}

export function customerEmail(lead: Pick<Lead, 'variables'>): string {
  return variableText(lead.variables.email);
}

/**
 * "2025-03-01 09:30:00" (the spec's form), ISO with or without microseconds: shown as "2025-03-01 09:30".
 * The service sends no time zone with these, so the time is shown as sent; anything else as it is.
 */
export function formatLeadTime(value: string | null): string {
  if (!value) return '';
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}
