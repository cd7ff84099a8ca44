import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOf, toolSchema } from '@contract';
import { api } from '@/api';
import { toolKeys } from '@/api/query-keys';

/** GET /user/tools: every mid-call tool of the user, in one answer. */
export function getTools(signal?: AbortSignal) {
  return api.get('/user/tools', listOf(toolSchema), { signal });
}

export const toolsQuery = () => queryOptions({ queryKey: toolKeys.list(), queryFn: ({ signal }) => getTools(signal) });

export const useTools = () => useQuery(toolsQuery());
