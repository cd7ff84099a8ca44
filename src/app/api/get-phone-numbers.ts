import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOf, phoneNumberSchema } from '@contract/lookups';
import { api } from './client';
import { LOOKUP_STALE_TIME, lookupKeys } from './query-keys';

export type PhoneNumberType = 'inbound' | 'outbound';

/**
 * GET /user/assistants/phone-numbers. `inbound` leaves out caller-ID numbers and numbers already held by
 * an inbound assistant; without a type every number of the user comes back.
 */
export function getPhoneNumbers(type: PhoneNumberType | undefined, signal?: AbortSignal) {
  return api.get('/user/assistants/phone-numbers', listOf(phoneNumberSchema), { query: { type }, signal });
}

export const phoneNumbersQuery = (type?: PhoneNumberType) =>
  queryOptions({
    queryKey: lookupKeys.phoneNumbers(type),
    queryFn: ({ signal }) => getPhoneNumbers(type, signal),
    staleTime: LOOKUP_STALE_TIME,
  });

export function usePhoneNumbers(type?: PhoneNumberType) {
  return useQuery(phoneNumbersQuery(type));
}
