import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { isExtensionNotOffered } from './errors';
import { serviceKeys } from './query-keys';
import { useSession } from './session';

/**
 * Whether the console talks to the local service, which has our extensions (the call log's latency
 * filter, a caller persona, speech), or to another host (the hosted service, or proxy mode in front of
 * it). Only the local service answers GET /local/info; the others answer 404. Asked once per host and
 * tab. `undefined` while not known (and on a failure that says nothing either way): extensions stay
 * hidden until the host has said it has them.
 */
export function useIsLocalService(): boolean | undefined {
  const host = useSession()?.host ?? null;
  const query = useQuery({
    queryKey: serviceKeys.local(host),
    queryFn: async ({ signal }) => {
      try {
        await api.get('/local/info', z.unknown(), { signal, retries: 1, timeoutMs: 10_000 });
        return true;
      } catch (e) {
        if (isExtensionNotOffered(e)) return false;
        throw e;
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return query.data;
}
