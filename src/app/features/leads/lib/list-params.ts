import * as z from '@/lib/zod-mini';
import { oneOfParam, optionalIdParam, pageParam, perPageParam } from '@/lib/search-params';

/*
 * The leads list's state in the URL: filters (campaign, status, search) and the client-side page and
 * sort. Every field falls back on a bad value, so a hand-edited link never breaks the page. Kept free of
 * the phone library and of full zod: the route's search validation loads with the app's entry.
 */

export const LEAD_SORTS = ['created', 'phone', 'name', 'email', 'campaign', 'status', 'contacts'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_PER_PAGE = [10, 25, 50, 100] as const;

export const leadListDefaults = {
  q: '',
  sort: 'created',
  dir: 'desc',
  page: 1,
  per_page: 25,
} as const;

export const leadListSearch = z.object({
  campaign: optionalIdParam(),
  status: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))), undefined),
  q: z.catch(z._default(z.string().check(z.maxLength(200)), leadListDefaults.q), leadListDefaults.q),
  sort: oneOfParam(LEAD_SORTS, leadListDefaults.sort),
  dir: oneOfParam(['asc', 'desc'], leadListDefaults.dir),
  page: pageParam(),
  per_page: perPageParam(LEAD_PER_PAGE, leadListDefaults.per_page),
});
export type LeadListParams = z.output<typeof leadListSearch>;

/** Where a new lead, an import or an edit comes back to, and which campaign a form starts with. */
export const campaignParamSearch = z.object({
  campaign: optionalIdParam(),
});
