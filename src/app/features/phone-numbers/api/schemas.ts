import type { z } from 'zod';
import { openString } from '@contract/common';
import { listAnswer as contractListAnswer } from '@contract/answers';
import {
  availablePhoneNumberSchema,
  ownedPhoneNumberSchema,
  type AvailablePhoneNumber,
} from '@contract/phone-numbers';

export { availablePhoneNumberSchema as availableNumberSchema };

/**
 * An owned number with the provider that answers it (our extension: `twilio` for a number imported from
 * Twilio; '' for the service's own numbers and on hosts that do not say).
 */
export const ownedNumberSchema = ownedPhoneNumberSchema.extend({ provider: openString });
export { purchasePhoneNumberResponse as purchaseAnswerSchema } from '@contract/phone-numbers';
export type OwnedNumber = z.output<typeof ownedNumberSchema>;
export type AvailableNumber = AvailablePhoneNumber;

/**
 * `{data: [...]}` as documented, or a bare array as other lists of the hosted service come. One record
 * that cannot be read (no id) is left out rather than costing the whole list.
 */
export function listAnswer<T extends z.ZodType>(item: T) {
  return contractListAnswer(item, { dropUnreadable: true });
}
