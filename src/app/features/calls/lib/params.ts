import type { CallLogFilter, CallsQuery } from '@contract/call';
import type { CallsSearch } from './search';

/**
 * Our extension's filter (the local service's; the contract's query gains it with the service side): the
 * calls whose assistant turns' p95 model time is at least this many milliseconds.
 */
interface LatencyFilter {
  latency_p95_min?: number;
}

/** The query of GET /user/calls as the console sends it (the contract's): only set filters, phone in E.164. */
export type CallsParams = CallsQuery & LatencyFilter;

/** The filters of that query, without its paging. */
export type CallsFilterParams = CallLogFilter & LatencyFilter;

/** The API query for a search whose phone text was read as `phoneE164` (undefined: no phone filter). */
export function callsParams(search: CallsSearch, phoneE164: string | undefined): CallsParams {
  const out: CallsParams = { per_page: search.per_page, page: search.page };
  if (search.status) out.status = search.status;
  if (search.type) out.type = search.type;
  if (phoneE164) out.phone_number = phoneE164;
  if (search.assistant_id !== undefined) out.assistant_id = search.assistant_id;
  if (search.campaign_id !== undefined) out.campaign_id = search.campaign_id;
  if (search.date_from) out.date_from = search.date_from;
  if (search.date_to) out.date_to = search.date_to;
  if (search.latency_p95_min !== undefined) out.latency_p95_min = search.latency_p95_min;
  return out;
}

export function filterParams(params: CallsParams): CallsFilterParams {
  const { page: _page, per_page: _perPage, ...filter } = params;
  return filter;
}
