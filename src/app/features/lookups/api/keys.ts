/** Query keys of the lookup lists; one factory so invalidation is exact. */
export const lookupKeys = {
  all: ['lookups'] as const,
  phoneNumbers: (type: 'inbound' | 'outbound' | undefined) => [...lookupKeys.all, 'phone-numbers', { type: type ?? 'all' }] as const,
  voices: (mode: 'pipeline' | 'multimodal' | undefined) => [...lookupKeys.all, 'voices', { mode: mode ?? 'all' }] as const,
  models: () => [...lookupKeys.all, 'models'] as const,
  languages: () => [...lookupKeys.all, 'languages'] as const,
};

/** Lookups change rarely and several pages read them (the assistant form, the campaign form). */
export const LOOKUP_STALE_TIME = 5 * 60_000;
