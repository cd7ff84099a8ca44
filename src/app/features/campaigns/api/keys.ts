/** Query keys of campaigns and what their form reads; one factory so invalidation is exact. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  outboundAssistants: () => [...campaignKeys.all, 'outbound-assistants'] as const,
};
