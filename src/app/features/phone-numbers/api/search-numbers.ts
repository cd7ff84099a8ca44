import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api';
import { phoneNumberKeys } from '@/api/query-keys';
import { availableNumberSchema, listAnswer, type AvailableNumber } from './schemas';

/** GET /user/phone-numbers/search?country_code&contains: numbers for sale right now. */
export function searchNumbers(countryCode: string, contains: string, signal?: AbortSignal): Promise<AvailableNumber[]> {
  return api.get('/user/phone-numbers/search', listAnswer(availableNumberSchema), {
    query: { country_code: countryCode, contains: contains || undefined },
    signal,
  });
}

/**
 * Stock changes as others buy, so a result is never fresh for long; but a search is not repeated behind
 * the person's back either (the list they are choosing from would shift under them).
 */
export const searchNumbersQuery = (countryCode: string, contains: string) =>
  queryOptions({
    queryKey: phoneNumberKeys.search(countryCode, contains),
    queryFn: ({ signal }) => searchNumbers(countryCode, contains, signal),
    staleTime: 15_000,
    refetchOnWindowFocus: false,
  });

/** Only runs once a country is chosen; the previous result stays while the next one loads. */
export function useSearchNumbers(countryCode: string | null, contains: string) {
  return useQuery({
    ...searchNumbersQuery(countryCode ?? '', contains),
    enabled: countryCode !== null,
    placeholderData: keepPreviousData,
  });
}
