import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolMutationResponseSchema, type CreateToolRequest } from '@contract';
import { api } from '@/api';
import { toolKeys } from '@/api/query-keys';

/** POST /user/tools: `{message, data: tool}`; past the plan's count a 422 whose message says the limit. */
export function createTool(body: CreateToolRequest) {
  return api.post('/user/tools', toolMutationResponseSchema, { body });
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(toolKeys.detail(data.id), data);
      await queryClient.invalidateQueries({ queryKey: toolKeys.list() });
    },
  });
}
