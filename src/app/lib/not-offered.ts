import { ApiError } from '@/api/errors';

/**
 * The host has no such endpoint: the hosted service documents no delivery log and no signing secret, so
 * it answers 404 (or 405 where the path exists for another method). That is a fact about the service to
 * state calmly, not a failure to show in red.
 */
export function isNotOffered(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}
