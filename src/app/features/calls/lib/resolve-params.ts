import { callsParams, type CallsParams } from './params';
import type { CallsSearch } from './search';

/**
 * The API query of a search outside React (the route loader). Light on purpose: the phone metadata is
 * loaded only when a phone filter is set. Null when the phone text cannot be read.
 */
export async function resolveCallsParams(search: CallsSearch): Promise<CallsParams | null> {
  if (!search.phone) return callsParams(search, undefined);
  const mod = await import('./phone-filter');
  const phone = mod.normalisePhoneFilter(search.phone, mod.browserCountry());
  return phone.state === 'valid' ? callsParams(search, phone.e164) : null;
}
