import { z } from 'zod';

/*
 * Search-param building blocks for list routes. Each field has a default and a `.catch`, so a bad or
 * hand-edited link falls back instead of failing the route.
 */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** `page` and `per_page` of a server-paginated list (the API allows 1-100 a page). */
export function paginationSearch(defaultPerPage: number) {
  return {
    page: z.coerce.number().int().min(1).default(1).catch(1),
    per_page: z.coerce.number().int().min(1).max(100).default(defaultPerPage).catch(defaultPerPage),
  };
}

/** An optional enum filter; an unknown value is dropped. */
export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}
