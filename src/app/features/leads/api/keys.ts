/** Query keys of leads; one factory so invalidation is exact. The list is every lead (filters are client-side). */
export const leadKeys = {
  all: ['leads'] as const,
  list: () => [...leadKeys.all, 'list'] as const,
};
