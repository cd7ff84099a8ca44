import type { z } from 'zod';
import { listAnswer as contractListAnswer } from '@contract/answers';
import {
  availablePhoneNumberSchema,
  ownedPhoneNumberSchema,
  type AvailablePhoneNumber,
  type OwnedPhoneNumber,
} from '@contract/phone-numbers';

export { availablePhoneNumberSchema as availableNumberSchema, ownedPhoneNumberSchema as ownedNumberSchema };
export { purchasePhoneNumberResponse as purchaseAnswerSchema } from '@contract/phone-numbers';
export type OwnedNumber = OwnedPhoneNumber;
export type AvailableNumber = AvailablePhoneNumber;

/**
 * `{data: [...]}` as documented, or a bare array as other lists of the hosted service come. One record
 * that cannot be read (no id) is left out rather than costing the whole list.
 */
export function listAnswer<T extends z.ZodType>(item: T) {
  return contractListAnswer(item, { dropUnreadable: true });
}
