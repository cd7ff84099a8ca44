import * as z from '@/lib/zod-mini';
import { api } from '@/api';

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

