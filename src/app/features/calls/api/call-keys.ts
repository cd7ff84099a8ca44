import type { CallsFilterParams, CallsParams } from '../lib/params';

/** Query keys of the call log, so invalidation is exact. */
export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: (params: CallsParams) => [...callKeys.lists(), params] as const,
  details: () => [...callKeys.all, 'detail'] as const,
  detail: (id: number) => [...callKeys.details(), id] as const,
  /** The latest calls of a filter, fetched page by page for the charts. */
  samples: () => [...callKeys.all, 'sample'] as const,
  sample: (filter: CallsFilterParams, cap: number) => [...callKeys.samples(), filter, cap] as const,
  /** The filter's choices: all of the user's assistants and campaigns. */
  assistantOptions: () => [...callKeys.all, 'options', 'assistants'] as const,
  campaignOptions: () => [...callKeys.all, 'options', 'campaigns'] as const,
};
