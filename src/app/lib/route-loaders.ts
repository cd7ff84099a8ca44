import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/errors';
import { idParam } from './search-params';
import * as z from './zod-mini';

/*
 * What the routes' loaders share: a list page warms its query without failing the route (the page shows
 * its own loading and error states); a record's page (an assistant, a tool) reads the id from the path and
 * shows the service's 404 as the route's not-found page rather than as an error.
 */

const pathId = idParam();

/** A path's id (`/tools/$toolId`) as a number; anything but a positive whole number is not found. */
export function pathIdOrNotFound(raw: string): number {
  const id = z.safeParse(pathId, raw);
  if (!id.success) throw notFound();
  return id.data;
}

/** Waits for what the page needs: a 404 from the service is the route's not-found page, any other failure its error. */
export async function loadOrNotFound(...loads: Promise<unknown>[]): Promise<void> {
  try {
    await Promise.all(loads);
  } catch (e) {
    if (isApiError(e) && e.kind === 'not-found') throw notFound();
    throw e;
  }
}

/** A loader that warms the page's query; it never fails the route. */
export function prefetching<T, K extends QueryKey>(query: () => FetchQueryOptions<T, Error, T, K>) {
  return ({ context }: { context: { queryClient: QueryClient } }) => context.queryClient.prefetchQuery(query());
}
