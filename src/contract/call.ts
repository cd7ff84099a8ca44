import { z } from 'zod';
import { recordAnswer } from './answers';
import { paginatedSchema } from './pagination';
import { anyValue, idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, objectish, openString, textish } from './common';
import { phoneNumberInput, variablesInput } from './shared-inputs';
import { laxId, laxInt, PG_INT_MAX } from './request-fields';
import { CALL_STATUSES, CALL_TYPES } from './call-values';

export { ANSWERED_BY, CALL_STATUSES, CALL_TYPES, LIVE_CALL_STATUSES, type CallStatus } from './call-values';

/**
 * A transcript line as the hosted call endpoints send it; sender `bot`/`human` (or assistant/user).
 * Our extension adds, on calls the local service played through a language model: `type` `filler` (a phrase
 * said while waiting) or `function_call` (a tool call, sender `tool`; `message`, or none, otherwise);
 * `latency_ms` on the assistant's messages (the model's time for the turn); `name`, `arguments`, `result`,
 * `error` and `duration_ms` on a tool call. All absent on scripted calls and on hosted data. A live voice call's
 * assistant messages add the parts of `latency_ms` (voice to voice: `endpointing_ms`, `stt_ms`, `llm_ms`,
 * `tts_ms`) and `interrupted` when the caller cut them (src/contract/voice.ts).
 */
export const transcriptEntrySchema = lenientRecord({
  sender: textish.optional(),
  type: textish.optional(),
  text: textish.optional(),
  timestamp: anyValue((v): string | number | null => (typeof v === 'string' || typeof v === 'number' ? v : null)).optional(),
  latency_ms: numberish.optional(),
  name: textish.optional(),
  arguments: objectish.optional(),
  /** Any JSON the tool answered (null when it failed or said nothing). */
  result: z.unknown().optional(),
  error: textish.optional(),
  duration_ms: numberish.optional(),
  endpointing_ms: numberish.optional(),
  stt_ms: numberish.optional(),
  llm_ms: numberish.optional(),
  tts_ms: numberish.optional(),
  interrupted: z.boolean().optional().catch(undefined),
  /** Our extension, on a `handover` entry (assistant_transfer): the assistant that handed over, and the one the call went on with. */
  from_assistant_id: nullableIdish.optional(),
  assistant_id: nullableIdish.optional(),
  assistant_name: textish.optional(),
});
export type TranscriptEntry = z.output<typeof transcriptEntrySchema>;

/** One string (webhooks, older examples) or a list of lines; anything else reads as no transcript. */
export const transcriptSchema = anyValue((v): string | TranscriptEntry[] | null => {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return lenientList(transcriptEntrySchema).parse(v);
  return null;
});

/**
 * The model's time over the assistant's turns (our extension): its p50 and p95 in milliseconds, and over
 * how many turns. A summary that lacks a percentile is read as none (`latencyOf` in the console).
 */
export const callLatencySchema = nestedRecord(
  lenientRecord({
    p50_ms: numberish,
    p95_ms: numberish,
    turns: numberish,
  }),
);
export type CallLatency = z.output<typeof callLatencySchema>;

export const callSchema = lenientRecord({
  id: idish,
  assistant_id: nullableIdish.optional(),
  assistant_name: textish,
  campaign_id: nullableIdish.optional(),
  campaign_name: textish,
  type: openString,
  duration: numberish,
  assistant_phone_number: textish,
  client_phone_number: textish,
  status: openString,
  transcript: transcriptSchema,
  variables: objectish,
  /** An object, or a list of `{name, value}` entries. */
  evaluation: z.unknown().optional(),
  webhook_response: z.unknown().optional(),
  carrier_cost: numberish,
  total_cost: numberish,
  answered_by: textish,
  recording_url: textish,
  created_at: textish,
  updated_at: textish,
  /** Our extension: `model` (a language model played it) or `scripted` (simulated without one); absent on hosted data. */
  conversation_mode: textish.optional(),
  /** Our extension: the model's time over the assistant's turns; null without a model conversation. */
  latency: callLatencySchema.optional(),
  /** Our extension (assistant_transfer): the assistant the call was handed to; absent when it was not. `assistant_id` stays the first. */
  transferred_to_assistant_id: nullableIdish.optional(),
  transferred_to_assistant_name: textish.optional(),
});
export type Call = z.output<typeof callSchema>;

/** GET /user/calls/{id}: the record itself on the local service; some hosts wrap records in `{data}`. */
export const callAnswerSchema = recordAnswer(callSchema);

/** GET /user/calls: one page of the log. */
export const callsPageSchema = paginatedSchema(callSchema);

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
    assistant_id: laxId().optional(),
    campaign_id: laxId().optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    /** Our extension: only calls whose assistant turns' p95 model latency is at least this many ms. */
    latency_p95_min: laxInt(z.number().int().min(0).max(600_000)).optional(),
    per_page: laxInt(z.number().int().min(1).max(100)).default(15),
    page: laxInt(z.number().int().min(1).max(PG_INT_MAX)).default(1),
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
/**
 * The call log's filter, one definition for both sides: the query without its paging. The console sends
 * only the filters set; the service reads `phone_number` into E.164 before it filters by it.
 */
export type CallLogFilter = Omit<CallsQuery, 'page' | 'per_page'>;

/**
 * The caller the language model plays on a call (our extension on make_call and simulate-inbound): who they
 * are, what they want, how patient they are. Without it the service makes one from the call's variables.
 */
export const PERSONA_MAX = 2000;
export const personaInput = z.string().trim().min(1).max(PERSONA_MAX);

export const makeCallRequest = z.object({
  phone_number: phoneNumberInput,
  assistant_id: laxId(),
  variables: variablesInput.optional(),
  persona: personaInput.optional(),
});
export type MakeCallRequest = z.output<typeof makeCallRequest>;

/**
 * POST /user/calls/simulate-inbound (our extension): a customer calling `from` rings the inbound assistant
 * that holds the caller's number `phone_number_id`. Answers as make_call does.
 */
export const simulateInboundRequest = z.object({
  phone_number_id: laxId(),
  from: phoneNumberInput,
  persona: personaInput.optional(),
});
export type SimulateInboundRequest = z.output<typeof simulateInboundRequest>;

/** The call's id is what the console needs from the answer; the rest may be missing. */
export const makeCallResponseSchema = lenientRecord(
  {
    message: openString,
    call_id: idish,
    status: openString,
  },
  ['call_id'],
);
