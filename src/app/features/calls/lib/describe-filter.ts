import { humanize } from './format';
import type { CallsSearch } from './search';

interface Named {
  id: number;
  name: string;
}

function longDate(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The active filters in words ("Status: Failed", "From 1 May 2025 to 31 May 2025"), for empty states and labels. */
export function describeFilter(
  search: Pick<CallsSearch, 'status' | 'type' | 'phone' | 'assistant_id' | 'campaign_id' | 'date_from' | 'date_to'>,
  assistants: readonly Named[] = [],
  campaigns: readonly Named[] = [],
): string[] {
  const parts: string[] = [];
  if (search.status) parts.push(`Status: ${humanize(search.status)}`);
  if (search.type) parts.push(`Type: ${humanize(search.type)}`);
  if (search.phone) parts.push(`Phone: ${search.phone}`);
  if (search.assistant_id !== undefined) {
    const name = assistants.find((a) => a.id === search.assistant_id)?.name;
    parts.push(`Assistant: ${name ?? `#${search.assistant_id}`}`);
  }
  if (search.campaign_id !== undefined) {
    const name = campaigns.find((c) => c.id === search.campaign_id)?.name;
    parts.push(`Campaign: ${name ?? `#${search.campaign_id}`}`);
  }
  if (search.date_from && search.date_to) {
    parts.push(search.date_from === search.date_to ? `On ${longDate(search.date_from)}` : `From ${longDate(search.date_from)} to ${longDate(search.date_to)}`);
  } else if (search.date_from) {
    parts.push(`From ${longDate(search.date_from)}`);
  } else if (search.date_to) {
    parts.push(`Until ${longDate(search.date_to)}`);
  }
  return parts;
}
