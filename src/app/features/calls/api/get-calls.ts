import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callsPageSchema, type Call } from '@contract/call';
import type { Paginated } from '@contract/pagination';
import { api } from '@/api';
import { isChangingCall } from '@/lib/call-status';
import type { CallsParams } from '../lib/params';
import { callKeys } from '@/api/query-keys';

export { callsPageSchema };
export type CallsPage = Paginated<Call>;

/** Calls still changing (initiated, ringing, in progress) are refreshed this often while the page is visible. */
export const LIVE_REFRESH_MS = 4_000;

export function getCalls(params: CallsParams, signal?: AbortSignal): Promise<CallsPage> {
  return api.get('/user/calls', callsPageSchema, { query: { ...params }, signal });
}

export function callsQueryOptions(params: CallsParams) {
  return queryOptions({
    queryKey: callKeys.list(params),
    queryFn: ({ signal }) => getCalls(params, signal),
    staleTime: 15_000,
  });
}

export function hasLiveCalls(page: CallsPage | undefined): boolean {
  return page?.data.some((c) => isChangingCall(c)) ?? false;
}

/** One page of the filtered log; the previous page stays on screen while the next one loads. */
export function useCalls(params: CallsParams | null) {
  return useQuery({
    ...callsQueryOptions(params ?? { page: 1, per_page: 15 }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasLiveCalls(query.state.data) ? LIVE_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
}
