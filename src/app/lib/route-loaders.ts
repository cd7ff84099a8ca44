import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/errors';
import { idParam } from './search-params';
import * as z from './zod-mini';

/*
 * What the loaders of a record's page share (an assistant, a tool): the id from the path, and the
 * service's 404 shown as the route's not-found page rather than as an error.
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
