import { z } from 'zod';
import { idish, textish } from './common';

export const paginationLinkSchema = z.looseObject({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
});
export type PaginationLink = z.infer<typeof paginationLinkSchema>;

/** Laravel's length-aware paginator, parsed leniently (the hosted service sends some integers as strings). */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    current_page: idish,
    data: z.array(item),
    first_page_url: textish,
    from: z.union([z.number(), z.null(), z.undefined()]).transform((v) => v ?? null),
    last_page: idish,
    last_page_url: textish,
    links: z.array(paginationLinkSchema).optional().default([]),
    next_page_url: textish,
    path: textish,
    per_page: idish,
    prev_page_url: textish,
    to: z.union([z.number(), z.null(), z.undefined()]).transform((v) => v ?? null),
    total: idish,
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
    page: z.coerce.number().int().min(1).default(1),
  });
}
