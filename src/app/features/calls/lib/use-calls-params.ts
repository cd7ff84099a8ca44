import { useMemo } from 'react';
import { callsParams, type CallsParams } from './params';
import { browserCountry, normalisePhoneFilter, type PhoneFilter } from './phone-filter';
import type { CallsSearch } from './search';

/**
 * The API query of a search, with the phone text read into E.164. `params` is null while the phone
 * text cannot be read: the page shows a hint instead of asking the API.
 */
export function useCallsParams(search: CallsSearch): { params: CallsParams | null; phone: PhoneFilter } {
  const phone = useMemo(() => normalisePhoneFilter(search.phone, browserCountry()), [search.phone]);
  const params = useMemo(
    () => (phone.state === 'invalid' ? null : callsParams(search, phone.state === 'valid' ? phone.e164 : undefined)),
    [search, phone],
  );
  return { params, phone };
}
