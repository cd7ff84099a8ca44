import { z } from 'zod';
import { idish, nullableIdish, numberish, objectish, openString, textish } from './common';
import { variablesInput } from './assistant';
import { phoneNumberInput } from './lead';
import { CALL_STATUSES, CALL_TYPES } from './call-values';

export { ANSWERED_BY, CALL_STATUSES, CALL_TYPES, LIVE_CALL_STATUSES, type CallStatus } from './call-values';

/** A transcript line as the hosted call endpoints send it; sender `bot`/`human` (or assistant/user). */
export const transcriptEntrySchema = z.looseObject({
  sender: textish.optional(),
  type: textish.optional(),
  text: textish.optional(),
  timestamp: z.union([z.string(), z.number(), z.null()]).optional(),
});
export type TranscriptEntry = z.output<typeof transcriptEntrySchema>;

export const transcriptSchema = z
  .union([z.string(), z.array(transcriptEntrySchema), z.null(), z.undefined()])
  .transform((v) => v ?? null);

/**
 * A field a host may leave out altogether (the local service sends campaign_name and recording_url only
 * when present; hosted answers drift): read as if it had been sent as null. zod 4 wants a key present
 * unless its schema is optional, even when the schema itself accepts undefined.
 */
function mayBeAbsent<T extends z.ZodType>(schema: T) {
  return schema.optional().transform((v): z.output<T> => (v === undefined ? schema.parse(null) : v));
}

export const callSchema = z.looseObject({
  id: idish,
  assistant_id: nullableIdish.optional(),
  assistant_name: mayBeAbsent(textish),
  campaign_id: nullableIdish.optional(),
  campaign_name: mayBeAbsent(textish),
  type: mayBeAbsent(openString),
  duration: mayBeAbsent(numberish),
  assistant_phone_number: mayBeAbsent(textish),
  client_phone_number: mayBeAbsent(textish),
  status: mayBeAbsent(openString),
  transcript: mayBeAbsent(transcriptSchema),
  variables: mayBeAbsent(objectish),
  /** An object, or a list of `{name, value}` entries. */
  evaluation: z.unknown().optional(),
  webhook_response: z.unknown().optional(),
  carrier_cost: mayBeAbsent(numberish),
  total_cost: mayBeAbsent(numberish),
  answered_by: mayBeAbsent(textish),
  recording_url: mayBeAbsent(textish),
  created_at: mayBeAbsent(textish),
  updated_at: mayBeAbsent(textish),
});
export type Call = z.output<typeof callSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'The date must be a valid date in the form YYYY-MM-DD.',
  });

/** Query of GET /user/calls, as the service validates it (every value arrives as a string). */
export const callsQuerySchema = z
  .object({
    status: z.enum(CALL_STATUSES).optional(),
    type: z.enum(CALL_TYPES).optional(),
    phone_number: phoneNumberInput.optional(),
    assistant_id: z.coerce.number().int().min(1).optional(),
    campaign_id: z.coerce.number().int().min(1).optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    per_page: z.coerce.number().int().min(1).max(100).default(15),
    page: z.coerce.number().int().min(1).default(1),
  })
  .superRefine((v, ctx) => {
    if (v.date_from && v.date_to && v.date_to < v.date_from) {
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: 'The date to field must be a date after or equal to date from.',
      });
    }
  });
export type CallsQuery = z.output<typeof callsQuerySchema>;

export const makeCallRequest = z.object({
  phone_number: phoneNumberInput,
  assistant_id: z.number().int(),
  variables: variablesInput.optional(),
});

export const makeCallResponseSchema = z.looseObject({
  message: z.string(),
  call_id: idish,
  status: openString,
});
