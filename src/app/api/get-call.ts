import { queryOptions } from '@tanstack/react-query';
import { callAnswerSchema, type Call } from '@contract/call';
import { api } from './client';
import { callKeys } from './query-keys';

/** GET /user/calls/{id}: one call, read by the call log's drawer, the test-call dialog and the palette. */
export function getCall(id: number, signal?: AbortSignal): Promise<Call> {
  return api.get(`/user/calls/${id}`, callAnswerSchema, { signal });
}

export function callQueryOptions(id: number) {
  return queryOptions({
    queryKey: callKeys.detail(id),
    queryFn: ({ signal }) => getCall(id, signal),
    staleTime: 15_000,
  });
}
