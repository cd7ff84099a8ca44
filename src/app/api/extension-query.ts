import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { isExtensionNotOffered } from './errors';

/**
 * A query of one of our extensions (the overview, a campaign's progress), loaded again every `interval`
 * (while the live stream is down; `false` while it is up), and never polled on a host that does not offer it.
 */
export function useExtensionQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, interval: number | false) {
  return useQuery({
    ...options,
    refetchInterval: (query) => (isExtensionNotOffered(query.state.error) ? false : interval),
    refetchIntervalInBackground: false,
  });
}
