import { queryOptions } from '@tanstack/react-query';
import { toolSchema } from '@contract';
import { api } from '@/api';
import { toolKeys } from '@/api/query-keys';

/** GET /user/tools/{id}: one tool; a missing one is a 404 `{message}`. */
export function getTool(id: number, signal?: AbortSignal) {
  return api.get(`/user/tools/${id}`, toolSchema, { signal });
}

export const toolQuery = (id: number) =>
  queryOptions({
    queryKey: toolKeys.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
  });
