import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toolMutationResponseSchema, type CreateToolRequest, type Tool } from '@contract';
import { api } from '@/api';
import { toolKeys } from '@/api/query-keys';

/** POST /user/tools: `{message, data: tool}`; past the plan's count a 422 whose message says the limit. */
export function createTool(body: CreateToolRequest) {
  return api.post('/user/tools', toolMutationResponseSchema, { body });
}

/**
 * After tool `id` was saved: its record as the service answered it (the edit page shows it at once), and
 * the list loads again.
 */
export function storeSavedTool(queryClient: QueryClient, id: number, tool: Tool) {
  queryClient.setQueryData(toolKeys.detail(id), tool);
  return queryClient.invalidateQueries({ queryKey: toolKeys.list() });
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTool, onSuccess: ({ data }) => storeSavedTool(queryClient, data.id, data) });
}
