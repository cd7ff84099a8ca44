import { z } from 'zod';

/*
 * The leads list's state in the URL: filters (campaign, status, search) and the client-side page and
 * sort. Every field falls back on a bad value, so a hand-edited link never breaks the page. Kept free of
 * the phone library: the route's search validation loads with the app.
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
  campaign: z.coerce.number().int().positive().optional().catch(undefined),
  status: z.string().trim().min(1).max(64).optional().catch(undefined),
  q: z.string().max(200).default(leadListDefaults.q).catch(leadListDefaults.q),
  sort: z.enum(LEAD_SORTS).default(leadListDefaults.sort).catch(leadListDefaults.sort),
  dir: z.enum(['asc', 'desc']).default(leadListDefaults.dir).catch(leadListDefaults.dir),
  page: z.coerce.number().int().min(1).default(leadListDefaults.page).catch(leadListDefaults.page),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (LEAD_PER_PAGE as readonly number[]).includes(n))
    .default(leadListDefaults.per_page)
    .catch(leadListDefaults.per_page),
});
export type LeadListParams = z.output<typeof leadListSearch>;

/** Where a new lead, an import or an edit comes back to, and which campaign a form starts with. */
export const campaignParamSearch = z.object({
  campaign: z.coerce.number().int().positive().optional().catch(undefined),
});
