import * as z from '../../../lib/zod-mini';
import { api } from '../../../api';
import { ApiError } from '../../../api/errors';
import { apiBaseUrlOf } from '../../../api/session';

/**
 * Any list (or a `{data: [...]}` wrapper): only whether the host accepted the token matters here, so the
 * items are not read at all. The list itself stays required: an answer without one is no service API.
 * zod/mini, as the sign-in page loads it.
 */
export const languagesAnswer = z.union([z.array(z.unknown()), z.looseObject({ data: z.array(z.unknown()) })]);

/**
 * Checks a token before a session starts, with the cheapest authenticated call there is (the languages
 * lookup). Resolves when the host accepted the token; rejects with an ApiError otherwise.
 */
export function verifyToken(token: string, host: string | null, signal?: AbortSignal) {
  return api.get('/user/assistants/languages', languagesAnswer, {
    auth: { token, host },
    retries: 0,
    timeoutMs: 15_000,
    signal,
  });
}

export type SignInField = 'token' | 'host' | 'root.server';

/** Which field a failed check belongs on, and what to tell the person there. */
export function signInFailure(error: unknown, host: string | null): { field: SignInField; message: string } {
  const where = host ? apiBaseUrlOf(host) : 'this server';
  if (!(error instanceof ApiError)) {
    return { field: 'root.server', message: error instanceof Error ? error.message : 'The sign-in check failed.' };
  }
  switch (error.kind) {
    case 'unauthorized': {
      const page = error.status >= 300 && error.status < 400 ? ' (it redirected to a sign-in page)' : /sign-in page/.test(error.message) ? ' (it answered with a sign-in page)' : '';
      return {
        field: 'token',
        message: `This API token was not accepted by ${where}${page}. Check that you copied all of it, and that it belongs to this host.`,
      };
    }
    case 'network':
    case 'timeout':
      return {
        field: 'host',
        message: host
          ? `Could not reach ${where}${error.kind === 'timeout' ? ' (no answer in time)' : ''}. The host may be down, or it may refuse calls from this page (cross-origin). For such a host, start the local service in proxy mode (API_UPSTREAM=${apiBaseUrlOf(host)} npm start) and sign in with "This server".`
          : `Could not reach this server's API${error.kind === 'timeout' ? ' in time' : ''}. Is the service running?`,
      };
    case 'not-found':
      return {
        field: 'host',
        message: `${host ? where : 'This server'} has no service API at that address (HTTP 404). Check the URL; it usually ends in /api.`,
      };
    case 'unexpected-response':
      return { field: 'host', message: `${host ? where : 'This server'} did not answer like the service API. ${error.message}` };
    case 'rate-limited':
      return {
        field: 'root.server',
        message: `Too many attempts. Try again in ${error.retryAfter ?? 60} s.`,
      };
    default:
      return { field: 'root.server', message: `The sign-in check failed: ${error.message}` };
  }
}
