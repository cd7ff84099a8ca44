import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api';
import { phoneNumberKeys } from '@/api/query-keys';
import { listAnswer, ownedNumberSchema, type OwnedNumber } from './schemas';

/** GET /user/phone-numbers/all: every number of the account, whatever its type or subscription. */
export function getOwnedNumbers(signal?: AbortSignal): Promise<OwnedNumber[]> {
  return api.get('/user/phone-numbers/all', listAnswer(ownedNumberSchema), { signal });
}

export const ownedNumbersQuery = () => queryOptions({ queryKey: phoneNumberKeys.owned(), queryFn: ({ signal }) => getOwnedNumbers(signal) });

export const useOwnedNumbers = () => useQuery(ownedNumbersQuery());
