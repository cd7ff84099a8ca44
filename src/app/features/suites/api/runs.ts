import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { suiteRunAnswerSchema, suiteRunsPageSchema, type StartSuiteRunRequest } from '@contract/suites';
import { api } from '@/api';
import { suiteKeys } from '@/api/query-keys';

/** While a run is running it is read again this often (its repetitions move on the service's own). */
export const RUN_REFRESH_MS = 1_500;
export const RUNS_PER_PAGE = 20;

/** GET /user/assistant/{id}/suite-runs: a page of runs, newest first, with pass rates. */
export const runsQuery = (assistantId: number, page = 1) =>
  queryOptions({
    queryKey: suiteKeys.runs(assistantId, page),
    queryFn: ({ signal }) => api.get(`/user/assistant/${assistantId}/suite-runs`, suiteRunsPageSchema, { query: { page, per_page: RUNS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /user/suite-runs/{id}: progress, pass rates and every repetition with its evidence. */
export const runQuery = (runId: number) =>
  queryOptions({
    queryKey: suiteKeys.run(runId),
    queryFn: ({ signal }) => api.get(`/user/suite-runs/${runId}`, suiteRunAnswerSchema, { signal }),
  });

/** POST /user/assistant/{id}/suite-runs */
export function useStartRun(assistantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSuiteRunRequest) => api.post(`/user/assistant/${assistantId}/suite-runs`, suiteRunAnswerSchema, { body }),
    onSuccess: (run) => queryClient.setQueryData(suiteKeys.run(run.id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suiteKeys.runLists() }),
  });
}

/** POST /user/suite-runs/{id}/cancel */
export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => api.post(`/user/suite-runs/${runId}/cancel`, suiteRunAnswerSchema),
    onSuccess: (run) => queryClient.setQueryData(suiteKeys.run(run.id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suiteKeys.runLists() }),
  });
}
