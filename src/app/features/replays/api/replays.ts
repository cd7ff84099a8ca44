import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { replaySetAnswerSchema, replaySetsPageSchema, type SaveReplayScenarioRequest } from '@contract/replays';
import { scenarioAnswerSchema } from '@contract/suites';
import { api } from '@/api';
import { replayKeys, suiteKeys } from '@/api/query-keys';

/** While a set is running it is read again this often (its replays move on the service's own). */
export const SET_REFRESH_MS = 1_500;
export const SETS_PER_PAGE = 20;

/** GET /user/replays?assistant_id: a page of the assistant's replay sets, newest first, with their summaries. */
export const setsQuery = (assistantId: number, page = 1) =>
  queryOptions({
    queryKey: replayKeys.list(assistantId, page),
    queryFn: ({ signal }) => api.get('/user/replays', replaySetsPageSchema, { query: { assistant_id: assistantId, page, per_page: SETS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    // The hosted service has no such endpoint: one 404 says so, no retries.
    retry: false,
  });

/** GET /user/replays/{id}: progress, summary and every pair. */
export const setQuery = (setId: number) =>
  queryOptions({
    queryKey: replayKeys.set(setId),
    queryFn: ({ signal }) => api.get(`/user/replays/${setId}`, replaySetAnswerSchema, { signal }),
  });

/** POST /user/replays/{id}/cancel */
export function useCancelReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setId: number) => api.post(`/user/replays/${setId}/cancel`, replaySetAnswerSchema),
    onSuccess: (set) => queryClient.setQueryData(replayKeys.set(set.id), set),
    onSettled: () => queryClient.invalidateQueries({ queryKey: replayKeys.lists() }),
  });
}

/** POST /user/replays/{id}/pairs/{pair}/scenario: the original caller kept as a suite scenario. */
export function useSaveReplayScenario(assistantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ setId, pairId, body }: { setId: number; pairId: number; body: SaveReplayScenarioRequest }) =>
      api.post(`/user/replays/${setId}/pairs/${pairId}/scenario`, scenarioAnswerSchema, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suiteKeys.scenarios(assistantId) }),
  });
}
