import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Call } from '@contract/call';
import { callQueryOptions } from '@/api/get-call';
import { callKeys } from '@/api/query-keys';
import { isChangingCall } from '@/lib/call-status';
import { LIVE_REFRESH_MS, type CallsPage } from './get-calls';

/** The row of a call in any cached list page, to show at once while the full record loads. */
export function cachedCallRow(queryClient: QueryClient, id: number): Call | undefined {
  for (const [, page] of queryClient.getQueriesData<CallsPage>({ queryKey: callKeys.lists() })) {
    const hit = page?.data.find((c) => c.id === id);
    if (hit) return hit;
  }
  return undefined;
}

export function useCall(id: number, queryClient: QueryClient) {
  return useQuery({
    ...callQueryOptions(id),
    placeholderData: () => cachedCallRow(queryClient, id),
    refetchInterval: (query) => (query.state.data && isChangingCall(query.state.data) ? LIVE_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
}
