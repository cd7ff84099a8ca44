import { z } from 'zod';
import { idish, lenientList, lenientRecord, nestedRecord, nullableIdish, objectish, openString, textish } from './common';
import { listAnswer } from './answers';
import { phoneNumberInput, variablesInput } from './shared-inputs';
import { paginatedSchema } from './pagination';
import { laxBool, laxId } from './request-fields';

export const LEAD_STATUSES = ['created', 'completed', 'reached-max-retries'] as const;
/** The only status a person may set; the others are the calling engine's. */
export const LEAD_SETTABLE_STATUS = 'created';
export const LEAD_UPDATABLE_FIELDS = ['campaign_id', 'phone_number', 'status', 'variables'] as const;
export const LEAD_INVALID_FIELDS_PREFIX = 'The following fields cannot be updated:';

export const secondaryContactSchema = lenientRecord({
  id: idish,
  phone_number: textish,
  variables: objectish,
  status: openString,
  created_at: textish,
  updated_at: textish,
});
export type SecondaryContact = z.output<typeof secondaryContactSchema>;

/** What a lead names of its campaign. */
export const leadCampaignSchema = lenientRecord({ id: idish, name: openString });

export const leadSchema = lenientRecord({
  id: idish,
  campaign_id: nullableIdish,
  phone_number: textish,
  variables: objectish,
  status: openString,
  created_at: textish,
  updated_at: textish,
  campaign: nestedRecord(leadCampaignSchema),
  /** A contact without an id is left out: the console keys and edits contacts by id. */
  secondary_contacts: lenientList(secondaryContactSchema),
});
export type Lead = z.output<typeof leadSchema>;

/** Create and update answer `{message, data: lead}`: the lead is required, the message is not. */
export const leadMutationResponseSchema = lenientRecord({ message: openString, data: leadSchema }, ['data']);

/** One answer of GET /user/leads, read: its leads, and how many pages there are (1 when unpaged). */
export interface LeadsPage {
  leads: Lead[];
  lastPage: number;
}

/**
 * GET /user/leads. The spec (and the local service) answers one bare array; the hosted service pages it
 * with Laravel's paginator (15 a page, `page`), and older hosts wrapped it as `{"leads": [...]}`. The
 * paginator is tried first, for its page count; a plain `{data: [...]}` reads as one page of it.
 */
export const leadsAnswerSchema = z.union([
  paginatedSchema(leadSchema).transform((p): LeadsPage => ({ leads: p.data, lastPage: Math.max(1, p.last_page) })),
  listAnswer(leadSchema, { keys: ['leads'] }).transform((leads): LeadsPage => ({ leads, lastPage: 1 })),
]);

// ---- requests ----
export const secondaryContactInput = z.object({
  phone_number: phoneNumberInput,
  variables: variablesInput.optional(),
});

export const createLeadRequest = z.object({
  phone_number: phoneNumberInput,
  campaign_id: laxId(),
  variables: variablesInput.optional(),
  allow_dupplicate: laxBool().optional(),
  secondary_contacts: z.array(secondaryContactInput).max(20).optional(),
});
export type CreateLeadRequest = z.input<typeof createLeadRequest>;

export const updateLeadRequest = z.object({
  campaign_id: laxId().optional(),
  phone_number: phoneNumberInput.optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  variables: variablesInput.optional(),
});
export type UpdateLeadRequest = z.input<typeof updateLeadRequest>;

export function statusNotSettableMessage(status: string): string {
  return `The status ${status} is assigned automatically and cannot be set manually.`;
}
