import type { PhoneNumber } from '@contract/lookups';
import type { PhoneNumberType } from '@/api/get-phone-numbers';
import { hostTypeLabel } from '@/lib/number-type-label';
import type { OwnedNumber } from '../api/schemas';
import { numberTypeLabel, servedBy } from './format';

/** Which numbers the list shows: all, or those the lookup offers for an inbound or an outbound assistant. */
export type PhoneFilter = 'all' | PhoneNumberType;

export type NumberKind = 'normal' | 'sip' | 'caller_id';

/** One number as the list shows it: what GET /user/phone-numbers/all says, with the lookup's availability. */
export interface NumberRow {
  id: number;
  phone_number: string | null;
  nickname: string | null;
  country_code: string | null;
  /** The type in the reader's words; '' when nobody says. */
  typeLabel: string;
  kind: NumberKind | null;
  monthlyPrice: number | null;
  subscription: boolean;
  /** Free for an inbound assistant (the lookup's `is_available`); null when the lookup has not said. */
  available: boolean | null;
  /** The assistant it serves, by name; null when none. */
  servedBy: string | null;
  /** Who answers it: 'twilio' for a number imported from Twilio; null for the service's own. */
  provider: string | null;
}

const KIND_OF_TYPE: Record<string, NumberKind> = { normal: 'normal', sip: 'sip', caller_id: 'caller_id' };
const KIND_OF_LABEL: Record<string, NumberKind> = { Normal: 'normal', SIP: 'sip', 'Caller ID': 'caller_id' };

function kindOf(type: string, label: string): NumberKind | null {
  if (Object.hasOwn(KIND_OF_TYPE, type)) return KIND_OF_TYPE[type]!;
  if (Object.hasOwn(KIND_OF_LABEL, label)) return KIND_OF_LABEL[label]!;
  return null;
}

function fromOwned(n: OwnedNumber, listed: PhoneNumber | undefined): NumberRow {
  const label = numberTypeLabel(n) || (listed?.type_label ? hostTypeLabel(listed.type_label) : '');
  return {
    id: n.id,
    phone_number: n.phone_number ?? listed?.phone_number ?? null,
    nickname: n.nickname ? n.nickname : null,
    country_code: n.country_code ?? listed?.country_code ?? null,
    typeLabel: label,
    kind: kindOf(n.type, n.type_label || listed?.type_label || ''),
    monthlyPrice: n.monthly_price,
    subscription: n.has_active_subscription,
    available: listed ? listed.is_available : null,
    servedBy: servedBy(n),
    provider: n.provider ? n.provider : null,
  };
}

/** A number only the lookup lists (a host whose two lists disagree): shown with what the lookup knows. */
function fromLookup(n: PhoneNumber): NumberRow {
  return {
    id: n.id,
    phone_number: n.phone_number,
    nickname: null,
    country_code: n.country_code,
    typeLabel: n.type_label ? hostTypeLabel(n.type_label) : '',
    kind: kindOf('', n.type_label),
    monthlyPrice: null,
    subscription: false,
    available: n.is_available,
    servedBy: null,
    provider: null,
  };
}

/**
 * The one list of the Numbers page: the account's numbers (with ownership, billing and the assistant
 * served) joined by id with the lookup GET /user/assistants/phone-numbers?type= (availability, and under
 * a direction filter which numbers qualify). `listed` is undefined while the lookup has not loaded or
 * failed: then every owned number is shown and nobody knows whether it is free.
 */
export function numberRows(owned: readonly OwnedNumber[], listed: readonly PhoneNumber[] | undefined, filter: PhoneFilter): NumberRow[] {
  if (!listed) return filter === 'all' ? owned.map((n) => fromOwned(n, undefined)) : [];
  const byId = new Map(listed.map((n) => [n.id, n]));
  const rows = owned.filter((n) => filter === 'all' || byId.has(n.id)).map((n) => fromOwned(n, byId.get(n.id)));
  const ownedIds = new Set(owned.map((n) => n.id));
  return [...rows, ...listed.filter((n) => !ownedIds.has(n.id)).map(fromLookup)];
}
