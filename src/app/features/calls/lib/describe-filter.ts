import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { formatDay } from '@/lib/call-format';
import { statusLabel, typeLabel } from '@/lib/call-labels';
import type { CallsSearch } from './search';

interface Named {
  id: number;
  name: string;
}

/**
 * The active filters in words ("Status: Failed", "From May 1, 2025 to May 31, 2025"), in the reader's
 * language, for empty states, chart headings and the export.
 */
export function describeFilter(
  search: Pick<CallsSearch, 'status' | 'type' | 'phone' | 'assistant_id' | 'campaign_id' | 'date_from' | 'date_to' | 'latency_p95_min'>,
  assistants: readonly Named[] = [],
  campaigns: readonly Named[] = [],
): string[] {
  const parts: string[] = [];
  if (search.status) parts.push(m.calls_describe_status({ value: statusLabel(search.status) }));
  if (search.type) parts.push(m.calls_describe_type({ value: typeLabel(search.type) }));
  if (search.phone) parts.push(m.calls_describe_phone({ value: search.phone }));
  if (search.assistant_id !== undefined) {
    const name = assistants.find((a) => a.id === search.assistant_id)?.name;
    parts.push(m.calls_describe_assistant({ value: name ?? `#${search.assistant_id}` }));
  }
  if (search.campaign_id !== undefined) {
    const name = campaigns.find((c) => c.id === search.campaign_id)?.name;
    parts.push(m.calls_describe_campaign({ value: name ?? `#${search.campaign_id}` }));
  }
  if (search.date_from && search.date_to) {
    parts.push(
      search.date_from === search.date_to
        ? m.calls_describe_on({ day: formatDay(search.date_from) })
        : m.calls_describe_between({ from: formatDay(search.date_from), to: formatDay(search.date_to) }),
    );
  } else if (search.date_from) {
    parts.push(m.calls_describe_from({ day: formatDay(search.date_from) }));
  } else if (search.date_to) {
    parts.push(m.calls_describe_until({ day: formatDay(search.date_to) }));
  }
  if (search.latency_p95_min !== undefined) {
    parts.push(m.calls_describe_latency({ ms: formatNumber(search.latency_p95_min) }));
  }
  return parts;
}
