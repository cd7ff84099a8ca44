import { z } from 'zod';
import { boolish, idish, lenientRecord, numberish, openString, textish } from './common';

/*
 * The caller's numbers as GET /user/phone-numbers/all lists them, the numbers for sale that
 * GET /user/phone-numbers/search finds, and the purchase, nickname and release requests.
 * Responses come wrapped in `{data: [...]}`; listOf in lookups.ts also takes a bare array.
 */

/** The assistant a number serves: the live inbound one holding it, else the first outbound one. */
export const servingAssistantSchema = lenientRecord({ id: idish, name: openString, type: openString });

export const ownedPhoneNumberSchema = lenientRecord({
  id: idish,
  phone_number: textish,
  country_code: textish,
  type: openString,
  type_label: openString,
  nickname: textish,
  sms_capable: boolish,
  region: textish,
  has_active_subscription: boolish,
  monthly_price: numberish,
  assistant: servingAssistantSchema.nullish().transform((v) => v ?? null),
  /** Our extension: 'twilio' for a number imported from the user's Twilio account; null for the service's own. */
  provider: z.string().nullable().optional().catch(null),
  created_at: textish,
});
export type OwnedPhoneNumber = z.output<typeof ownedPhoneNumberSchema>;

/** A number for sale. It has no id: the number itself is what a purchase names. */
export const availablePhoneNumberSchema = lenientRecord({
  phone_number: textish,
  phone_number_formatted: textish,
  country_code: textish,
  price: numberish,
  stripe_price_id: textish,
  address_requirements: textish,
  sms_capable: boolish,
});
export type AvailablePhoneNumber = z.output<typeof availablePhoneNumberSchema>;

export const purchasedPhoneNumberSchema = lenientRecord({
  id: idish,
  phone_number: textish,
  country_code: textish,
  type: openString,
  sms_capable: boolish,
});
export const purchasePhoneNumberResponse = lenientRecord({ message: openString, data: purchasedPhoneNumberSchema }, ['data']);

/** Countries the local service keeps numbers for; the hosted search takes any ISO code. */
export const PHONE_NUMBER_SALE_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'AT', 'CH', 'NL', 'AU'] as const;

export const phoneNumberSearchQuery = z.object({
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .default('DE'),
  /** Digits the number contains, as the hosted service takes them: numeric only, at most 10. */
  contains: z.string().regex(/^\d{1,10}$/).optional(),
});
export type PhoneNumberSearchQuery = z.input<typeof phoneNumberSearchQuery>;

export const purchasePhoneNumberRequest = z.object({ phone_number: z.string().trim().min(1).max(32) });
export type PurchasePhoneNumberRequest = z.input<typeof purchasePhoneNumberRequest>;

export const PHONE_NUMBER_NICKNAME_MAX = 50;

/** The fields PUT /user/phone-numbers/{id} takes; any other is refused by name. */
export const PHONE_NUMBER_UPDATABLE_FIELDS = ['nickname'] as const;

/** Only the nickname may change (as on the hosted service); null or "" clears it. */
export const updatePhoneNumberRequest = z.object({
  nickname: z.string().trim().max(PHONE_NUMBER_NICKNAME_MAX).nullable().optional(),
});
export type UpdatePhoneNumberRequest = z.input<typeof updatePhoneNumberRequest>;
