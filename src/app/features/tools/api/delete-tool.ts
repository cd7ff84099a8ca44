import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { toolKeys } from '@/api/query-keys';

/** DELETE /user/tools/{id}: the tool is also detached from every assistant that used it. */
export function deleteTool(id: number) {
  return api.delete(`/user/tools/${id}`, messageResponseSchema);
}

/** `onDeleted` lets the page refresh what else showed the tool (the assistants that had it attached). */
export function useDeleteTool(options: { onDeleted?: (id: number) => Promise<unknown> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: toolKeys.detail(id) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: toolKeys.list() }), options.onDeleted?.(id)]);
    },
  });
}
