import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountAnswerSchema, type Account } from '@contract/account';
import { api } from './client';
import { accountKeys } from './query-keys';

export type Me = Account;

/** The record itself, or wrapped in `{data}`: the contract's accountAnswerSchema. */
export const meAnswerSchema = accountAnswerSchema;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get('/user/me', meAnswerSchema, { signal });
}

/**
 * Calls placed anywhere (a campaign, another client of the API) spend the balance without the console
 * knowing: a slow poll while the page is visible keeps the figure honest. Purchases invalidate it at once.
 */
export const meQuery = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export function useMe() {
  return useQuery(meQuery());
}
