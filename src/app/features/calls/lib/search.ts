import { z } from 'zod';
import { CALL_STATUSES, CALL_TYPES } from '../../../../contract/call';

/*
 * The call log's state in the URL. Every field falls back instead of failing (`.catch`), so a stale or
 * hand-edited link opens the log with what still makes sense. Light on purpose: the route file imports
 * it, so nothing heavy (phone metadata) belongs here; the phone text is kept as typed and read into
 * E.164 by the page.
 */

export const PER_PAGE_OPTIONS = [15, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 15;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  });

const positiveId = z.coerce.number().int().positive().optional().catch(undefined);

export const callsSearchSchema = z
  .object({
    status: z.enum(CALL_STATUSES).optional().catch(undefined),
    type: z.enum(CALL_TYPES).optional().catch(undefined),
    /** As typed (a number of digits arrives from the URL as a number). */
    phone: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().slice(0, 40))
      .default('')
      .catch(''),
    assistant_id: positiveId,
    campaign_id: positiveId,
    date_from: isoDate.optional().catch(undefined),
    date_to: isoDate.optional().catch(undefined),
    page: z.coerce.number().int().min(1).default(1).catch(1),
    per_page: z.coerce
      .number()
      .refine((n): n is PerPage => (PER_PAGE_OPTIONS as readonly number[]).includes(n))
      .default(DEFAULT_PER_PAGE)
      .catch(DEFAULT_PER_PAGE),
    /** The charts panel is open (part of the view a link shares, not a filter). */
    charts: z.boolean().optional().catch(undefined),
  })
  .transform((s) => {
    // A reversed range is read the way it was meant rather than dropped.
    if (s.date_from && s.date_to && s.date_to < s.date_from) return { ...s, date_from: s.date_to, date_to: s.date_from };
    return s;
  });

export type CallsSearch = z.output<typeof callsSearchSchema>;
export type CallsSearchInput = z.input<typeof callsSearchSchema>;

/** What a URL without parameters means; the router strips these values from links. */
export const CALLS_SEARCH_DEFAULTS = { phone: '', page: 1, per_page: DEFAULT_PER_PAGE } as const;

/** The filters (everything but paging), as set in a search. */
export type CallsFilter = Omit<CallsSearch, 'page' | 'per_page' | 'charts'>;

export const FILTER_KEYS = ['status', 'type', 'phone', 'assistant_id', 'campaign_id', 'date_from', 'date_to'] as const;

export function filterOf(search: CallsSearch): CallsFilter {
  const { page: _page, per_page: _perPage, charts: _charts, ...filter } = search;
  return filter;
}

export function activeFilterCount(search: CallsSearch): number {
  const set = FILTER_KEYS.filter((k) => search[k] !== undefined && search[k] !== '');
  // The date range is one filter.
  return set.length - (search.date_from && search.date_to ? 1 : 0);
}

export function hasActiveFilter(search: CallsSearch): boolean {
  return activeFilterCount(search) > 0;
}

/** A search with every filter cleared, keeping the page size and the open panel. */
export function clearedSearch(search: CallsSearch): CallsSearch {
  return { phone: '', page: 1, per_page: search.per_page, ...(search.charts ? { charts: true } : {}) };
}
