/**
 * The list's page sizes. Kept apart from the table: the route's search schema (which stays in the entry
 * bundle) reads them, and importing the table there would put the data-table library on the sign-in page.
 */
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_CHOICES)[number];
