import { queryOptions } from '@tanstack/react-query';
import { leadsAnswerSchema, type Lead, type LeadsPage } from '@contract/lead';
import { api } from '@/api';
import { leadKeys } from '@/api/query-keys';

/*
 * GET /user/leads, in every form the contract's leadsAnswerSchema reads (a bare array, the hosted
 * paginator, the old {"leads": [...]} wrapper), every page fetched: the console filters, sorts and pages
 * the whole list itself.
 */

export { leadsAnswerSchema, type LeadsPage };

/** Far more than any account holds: a host that never stops paging does not keep us in a loop. */
export const MAX_LEAD_PAGES = 2000;

/**
 * Every lead over all pages. Pages after the first go one at a time (the API client waits out a 429
 * between them). A lead that moved across a page boundary while paging appears once.
 */
export async function fetchAllLeadPages(fetchPage: (page: number | undefined) => Promise<LeadsPage>): Promise<Lead[]> {
  const first = await fetchPage(undefined);
  const byId = new Map<number, Lead>();
  const add = (leads: Lead[]) => leads.forEach((l) => byId.set(l.id, l));
  add(first.leads);
  const last = Math.min(first.lastPage, MAX_LEAD_PAGES);
  for (let page = 2; page <= last; page++) {
    const next = await fetchPage(page);
    if (next.leads.length === 0) break;
    add(next.leads);
  }
  return [...byId.values()];
}

export function getLeads(signal?: AbortSignal): Promise<Lead[]> {
  return fetchAllLeadPages((page) => api.get('/user/leads', leadsAnswerSchema, { query: { page }, signal }));
}

export const leadsQuery = () =>
  queryOptions({
    queryKey: leadKeys.list(),
    queryFn: ({ signal }) => getLeads(signal),
  });
