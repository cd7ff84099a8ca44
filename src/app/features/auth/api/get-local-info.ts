import { useEffect, useState } from 'react';
import * as z from '@/lib/zod-mini';
import { api } from '@/api';

// Built from zod/mini as the sign-in page loads it (the contract's full zod would grow that page), and as
// lenient as the contract's records: a field this host leaves out or sends oddly only costs its hint.
export const localInfoSchema = z.looseObject({
  service: z.catch(z.string(), ''),
  demo_data: z.catch(z.boolean(), false),
  sign_in_hint: z.catch(z.nullish(z.string()), null),
});
export type LocalInfo = z.output<typeof localInfoSchema>;

/**
 * GET /api/local/info, no token: only the local service answers it (a hosted API or proxy mode gives
 * 404). Tells whether demo data is there and where its token was printed; never the token itself.
 */
export function getLocalInfo(signal?: AbortSignal) {
  return api.get('/local/info', localInfoSchema, { auth: { token: null, host: null }, retries: 0, timeoutMs: 5_000, signal });
}

/**
 * Asked once per sign-in page, without TanStack Query: the sign-in page loads before (and without) the
 * query library (`npm run size`). No answer, no hint.
 */
export function useLocalInfo(): { data: LocalInfo | undefined } {
  const [data, setData] = useState<LocalInfo>();
  useEffect(() => {
    const controller = new AbortController();
    getLocalInfo(controller.signal).then(setData, () => undefined);
    return () => controller.abort();
  }, []);
  return { data };
}
