import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolMutationResponseSchema, type UpdateToolRequest } from '@contract';
import { api } from '@/api';
import { storeSavedTool } from './create-tool';

/** PUT /user/tools/{id}: only the fields sent change; answers the tool with all its current values. */
export function updateTool(id: number, body: UpdateToolRequest) {
  return api.put(`/user/tools/${id}`, toolMutationResponseSchema, { body });
}

export function useUpdateTool(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: UpdateToolRequest) => updateTool(id, body), onSuccess: ({ data }) => storeSavedTool(queryClient, id, data) });
}
