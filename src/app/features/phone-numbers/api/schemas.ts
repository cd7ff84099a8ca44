import { z } from 'zod';
import { lenientList } from '../../../../contract/common';
import {
  availablePhoneNumberSchema,
  ownedPhoneNumberSchema,
  type AvailablePhoneNumber,
  type OwnedPhoneNumber,
} from '../../../../contract/phone-numbers';

export { availablePhoneNumberSchema as availableNumberSchema, ownedPhoneNumberSchema as ownedNumberSchema };
export { purchasePhoneNumberResponse as purchaseAnswerSchema } from '../../../../contract/phone-numbers';
export type OwnedNumber = OwnedPhoneNumber;
export type AvailableNumber = AvailablePhoneNumber;

/**
 * `{data: [...]}` as documented, or a bare array as other lists of the hosted service come. One record
 * that cannot be read (no id) is left out rather than costing the whole list.
 */
export function listAnswer<T extends z.ZodType>(item: T) {
  const items = lenientList(item);
  return z.union([z.array(z.unknown()).transform((v) => items.parse(v)), z.looseObject({ data: items }).transform((v) => v.data)]);
}
