import { z } from 'zod';
import { idish, nullableIdish, objectish, openString, textish } from './common';
import { variablesInput } from './assistant';

export const LEAD_STATUSES = ['created', 'completed', 'reached-max-retries'] as const;
/** The only status a person may set; the others are the calling engine's. */
export const LEAD_SETTABLE_STATUS = 'created';
export const LEAD_UPDATABLE_FIELDS = ['campaign_id', 'phone_number', 'status', 'variables'] as const;
export const LEAD_INVALID_FIELDS_PREFIX = 'The following fields cannot be updated:';

export const secondaryContactSchema = z.looseObject({
  id: idish,
  phone_number: textish,
  variables: objectish,
  status: openString,
  created_at: textish,
  updated_at: textish,
});
export type SecondaryContact = z.output<typeof secondaryContactSchema>;

export const leadSchema = z.looseObject({
  id: idish,
  campaign_id: nullableIdish,
  phone_number: textish,
  variables: objectish,
  status: openString,
  created_at: textish,
  updated_at: textish,
  campaign: z.looseObject({ id: idish, name: openString }).nullish().transform((v) => v ?? null),
  secondary_contacts: z.array(secondaryContactSchema).nullish().transform((v) => v ?? []),
});
export type Lead = z.output<typeof leadSchema>;

export const leadMutationResponseSchema = z.looseObject({ message: z.string(), data: leadSchema });

// ---- requests ----
export const phoneNumberInput = z.string().trim().min(1).max(32);

export const secondaryContactInput = z.object({
  phone_number: phoneNumberInput,
  variables: variablesInput.optional(),
});

export const createLeadRequest = z.object({
  phone_number: phoneNumberInput,
  campaign_id: z.number().int(),
  variables: variablesInput.optional(),
  allow_dupplicate: z.boolean().optional(),
  secondary_contacts: z.array(secondaryContactInput).max(20).optional(),
});
export type CreateLeadRequest = z.input<typeof createLeadRequest>;

export const updateLeadRequest = z.object({
  campaign_id: z.number().int().optional(),
  phone_number: phoneNumberInput.optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  variables: variablesInput.optional(),
});
export type UpdateLeadRequest = z.input<typeof updateLeadRequest>;

export function statusNotSettableMessage(status: string): string {
  return `The status ${status} is assigned automatically and cannot be set manually.`;
}
