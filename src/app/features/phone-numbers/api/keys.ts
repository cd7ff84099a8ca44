/** Query keys of the account's own numbers and of numbers for sale; one factory so invalidation is exact. */
export const phoneNumberKeys = {
  all: ['phone-numbers'] as const,
  owned: () => [...phoneNumberKeys.all, 'owned'] as const,
  search: (countryCode: string, contains: string) => [...phoneNumberKeys.all, 'search', { countryCode, contains }] as const,
};
