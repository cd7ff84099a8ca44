import { z } from 'zod';
import { boolish, lenientList, lenientRecord, numberish, textish } from './common';
import { PG_INT_MAX } from './request-fields';

export const paginationLinkSchema = lenientRecord({
  url: textish,
  label: textish.transform((v) => v ?? ''),
  active: boolish,
});
export type PaginationLink = z.output<typeof paginationLinkSchema>;

const positive = (v: number | null): number | null => (v !== null && v >= 1 ? Math.floor(v) : null);

/**
 * Laravel's length-aware paginator, parsed leniently: only `data` (the list itself) is required. The
 * hosted examples leave out `first_page_url`, `last_page_url`, `from`, `to`, `links`, `path`, and send
 * the counts as strings; a count that is missing or unreadable is worked out from what is there (one
 * page holding `data`), so a page always knows where it stands.
 */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return lenientRecord({
    data: z.array(item),
    current_page: numberish,
    first_page_url: textish,
    from: numberish,
    last_page: numberish,
    last_page_url: textish,
    links: lenientList(paginationLinkSchema),
    next_page_url: textish,
    path: textish,
    per_page: numberish,
    prev_page_url: textish,
    to: numberish,
    total: numberish,
  }, ['data']).transform((page): Paginated<z.output<T>> => {
    const count = page.data.length;
    const current = positive(page.current_page) ?? 1;
    const perPage = positive(page.per_page) ?? Math.max(count, 1);
    const total = page.total !== null && page.total >= 0 ? Math.floor(page.total) : (current - 1) * perPage + count;
    const last = positive(page.last_page) ?? Math.max(current, Math.ceil(total / perPage), 1);
    return { ...page, current_page: current, per_page: perPage, total, last_page: last };
  });
}

export interface Paginated<T> {
  current_page: number;
  data: T[];
  first_page_url: string | null;
  from: number | null;
  last_page: number;
  last_page_url: string | null;
  links: PaginationLink[];
  next_page_url: string | null;
  path: string | null;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

export const PER_PAGE_MIN = 1;
export const PER_PAGE_MAX = 100;

/** Strict query parameters of the paginated list endpoints, as the local service validates them. */
export function pageQuerySchema(defaultPerPage: number) {
  return z.object({
    per_page: z.coerce.number().int().min(PER_PAGE_MIN).max(PER_PAGE_MAX).default(defaultPerPage),
    // Bounded like every integer a request carries: past it, no page of any list exists.
    page: z.coerce.number().int().min(1).max(PG_INT_MAX).default(1),
  });
}
