/** Query keys of the overview (the home page); one factory so the live stream's invalidation is exact. */
export const overviewKeys = {
  all: ['overview'] as const,
  detail: (timezone: string) => [...overviewKeys.all, timezone] as const,
};
