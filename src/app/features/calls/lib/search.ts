import * as z from '@/lib/zod-mini';
import { optionalIdParam, optionalOneOfParam, pageParam, perPageParam } from '@/lib/search-params';
import { CALL_STATUSES, CALL_TYPES } from '@contract/call-values';

/*
 * The call log's state in the URL. Every field falls back instead of failing (`catch`), so a stale or
 * hand-edited link opens the log with what still makes sense. Light on purpose: the route file imports
 * it into the entry chunk, so it uses zod/mini, and nothing heavy (phone metadata) belongs here; the
 * phone text is kept as typed and read into E.164 by the page.
 */

/** The latency filter's bounds (the service's): 0..10 minutes, in milliseconds. */
export const LATENCY_P95_MAX_MS = 600_000;

export const PER_PAGE_OPTIONS = [15, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 15;

/** A real calendar day, YYYY-MM-DD (2026-02-30 is not one). */
const isoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }),
);

const callsSearchFields = z.object({
    status: optionalOneOfParam(CALL_STATUSES),
    type: optionalOneOfParam(CALL_TYPES),
    /** As typed (a number of digits arrives from the URL as a number). */
    phone: z.catch(
      z._default(
        z.pipe(
          z.union([z.string(), z.number()]),
          z.transform((v: string | number) => String(v).trim().slice(0, 40)),
        ),
        '',
      ),
      '',
    ),
    assistant_id: optionalIdParam(),
    campaign_id: optionalIdParam(),
    date_from: z.catch(z.optional(isoDate), undefined),
    date_to: z.catch(z.optional(isoDate), undefined),
    /** Our extension: calls whose assistant turns' p95 model time is at least this many ms. */
    latency_p95_min: z.catch(
      z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.gte(0), z.lte(LATENCY_P95_MAX_MS))),
      undefined,
    ),
    page: pageParam(),
    per_page: perPageParam(PER_PAGE_OPTIONS, DEFAULT_PER_PAGE),
    /** The charts panel is open (part of the view a link shares, not a filter). */
    charts: z.catch(z.optional(z.boolean()), undefined),
});

export const callsSearchSchema = z.pipe(
  callsSearchFields,
  z.transform((s: z.output<typeof callsSearchFields>) => {
    // A reversed range is read the way it was meant rather than dropped.
    if (s.date_from && s.date_to && s.date_to < s.date_from) return { ...s, date_from: s.date_to, date_to: s.date_from };
    return s;
  }),
);

export type CallsSearch = z.output<typeof callsSearchSchema>;
export type CallsSearchInput = z.input<typeof callsSearchSchema>;

/** What a URL without parameters means; the router strips these values from links. */
export const CALLS_SEARCH_DEFAULTS = { phone: '', page: 1, per_page: DEFAULT_PER_PAGE } as const;

/** The filters (everything but paging), as set in a search. */
export type CallsFilter = Omit<CallsSearch, 'page' | 'per_page' | 'charts'>;

export const FILTER_KEYS = ['status', 'type', 'phone', 'assistant_id', 'campaign_id', 'date_from', 'date_to', 'latency_p95_min'] as const;

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

/** A search as text that is the same for the same view: its set fields in name order. */
export function searchIdentity(s: CallsSearch): string {
  return JSON.stringify(s, Object.keys(s).sort());
}

/** Whether two searches ask for the same view: the same fields with the same values, in any order (an unset field is absent). */
export function sameSearch(a: CallsSearch, b: CallsSearch): boolean {
  return searchIdentity(a) === searchIdentity(b);
}
