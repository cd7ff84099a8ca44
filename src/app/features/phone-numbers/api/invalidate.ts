import type { QueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { campaignKeys } from '@/api/query-keys';
import { lookupKeys } from '@/api/query-keys';
import { phoneNumberKeys } from '@/api/query-keys';

/**
 * What a purchase or a release changes: the account's numbers (here and in the lookups the assistant and
 * campaign forms read), the stock for sale, the balance, and the campaigns that called from a number.
 */
export function invalidateAfterNumberChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: phoneNumberKeys.all }),
    queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  ]);
}

/**
 * What a new nickname changes: only the account's numbers (GET /user/phone-numbers/all) carry it; the
 * lookups, the balance and the campaigns do not, so they are not fetched again.
 */
export function invalidateAfterNicknameChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: phoneNumberKeys.owned() });
}
