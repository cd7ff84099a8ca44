/** Query keys of campaigns and what their form reads; one factory so invalidation is exact. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  outboundAssistants: () => [...campaignKeys.all, 'outbound-assistants'] as const,
  /** GET /user/campaigns/{id}/progress, refetched on the live stream's call, lead and campaign events. */
  progresses: () => [...campaignKeys.all, 'progress'] as const,
  progress: (id: number) => [...campaignKeys.progresses(), id] as const,
};
