import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { scenarioAnswerSchema, scenariosAnswerSchema, type ScenarioRequest } from '@contract/suites';
import { api } from '@/api';
import { suiteKeys } from '@/api/query-keys';

/** GET /user/assistant/{id}/scenarios (our extension): the scenarios, and whether the service has a model. */
export function getScenarios(assistantId: number, signal?: AbortSignal) {
  return api.get(`/user/assistant/${assistantId}/scenarios`, scenariosAnswerSchema, { signal });
}

export const scenariosQuery = (assistantId: number) =>
  queryOptions({
    queryKey: suiteKeys.scenarios(assistantId),
    queryFn: ({ signal }) => getScenarios(assistantId, signal),
    // The hosted service has no such endpoint: one 404 says so, no retries.
    retry: false,
  });

/** POST /user/assistant/{id}/scenarios, or PUT /user/scenarios/{id} when `scenarioId` is given. */
export function saveScenario(assistantId: number, scenarioId: number | null, body: ScenarioRequest) {
  return scenarioId === null
    ? api.post(`/user/assistant/${assistantId}/scenarios`, scenarioAnswerSchema, { body })
    : api.put(`/user/scenarios/${scenarioId}`, scenarioAnswerSchema, { body });
}

export function useSaveScenario(assistantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scenarioId, body }: { scenarioId: number | null; body: ScenarioRequest }) => saveScenario(assistantId, scenarioId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suiteKeys.scenarios(assistantId) }),
  });
}

/** DELETE /user/scenarios/{id}: runs keep their results. */
export function useDeleteScenario(assistantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenarioId: number) => api.delete(`/user/scenarios/${scenarioId}`, messageResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suiteKeys.scenarios(assistantId) }),
  });
}
