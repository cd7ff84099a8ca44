/** Query keys of the signed-in account; one factory so invalidation is exact. */
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};
