/** Query keys of assistants; one factory so invalidation is exact. */
export interface AssistantListParams {
  page: number;
  per_page: number;
}

export const assistantKeys = {
  all: ['assistants'] as const,
  lists: () => [...assistantKeys.all, 'list'] as const,
  list: (params: AssistantListParams) => [...assistantKeys.lists(), params] as const,
  outbound: () => [...assistantKeys.all, 'outbound'] as const,
  details: () => [...assistantKeys.all, 'detail'] as const,
  detail: (id: number) => [...assistantKeys.details(), id] as const,
};
