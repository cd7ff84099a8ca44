import { z } from 'zod';
import { recordAnswer } from './answers';
import { anyValue, boolish, idish, lenientRecord, nullableIdish, numberish, objectish, openString, textish } from './common';
import { paginatedSchema } from './pagination';
import { laxId, laxInt, PG_INT_MAX } from './request-fields';

/*
 * Webhook deliveries (our extension; the hosted service documents no delivery log): every post-call and
 * inbound notification the service sends, kept in an outbox and retried until it is delivered or fails.
 * Timestamps in the leads/calls form (YYYY-MM-DD HH:MM:SS, UTC).
 */

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_KINDS = ['post_call', 'inbound', 'conversation_ended'] as const;
/** Event names (the spec: "not shown"): the post-call notification, the inbound call's updates, a chat conversation's end. */
export const WEBHOOK_EVENTS = ['call.ended', 'inbound_call.started', 'inbound_call.ended', 'conversation.ended'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Seconds after a failed attempt before the next: six attempts in all, then the delivery has failed. */
export const WEBHOOK_RETRY_SCHEDULE_S = [5, 30, 300, 1800, 7200] as const;
/** A delivery waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** One delivery as the API lists it; `payload` only in GET /user/webhook-deliveries/{id}. */
export const webhookDeliverySchema = lenientRecord({
  id: idish,
  webhook_id: openString,
  assistant_id: nullableIdish,
  call_id: nullableIdish,
  kind: openString,
  event: openString,
  url: textish,
  status: openString,
  attempts: numberish,
  last_status_code: numberish,
  last_response: textish,
  last_error: textish,
  last_attempt_at: textish,
  next_attempt_at: textish,
  delivered_at: textish,
  created_at: textish,
  payload: objectish.optional(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = paginatedSchema(webhookDeliverySchema);
export const webhookDeliveryAnswerSchema = recordAnswer(webhookDeliverySchema);

/** GET /user/webhook-deliveries query (strict, as the service validates it). */
export const webhookDeliveriesQuery = z.object({
  assistant_id: laxId().optional(),
  call_id: laxId().optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  per_page: laxInt(z.number().int().min(1).max(100)).default(15),
  page: laxInt(z.number().int().min(1).max(PG_INT_MAX)).default(1),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuery>;

/**
 * What a call's `webhook_response` holds (the spec: "inner keys not shown"): the outcome of the call's
 * post-call delivery (or, without one, of its inbound `inbound_call.ended` delivery), updated after every attempt.
 */
export const webhookOutcomeSchema = lenientRecord({
  delivery_id: nullableIdish,
  webhook_id: textish,
  event: textish,
  url: textish,
  status: openString,
  delivered: boolish,
  status_code: numberish,
  body: textish,
  error: textish,
  attempts: numberish,
  last_attempt_at: textish,
  next_attempt_at: textish,
  delivered_at: textish,
});
export type WebhookOutcome = z.output<typeof webhookOutcomeSchema>;

/** GET /user/webhook-secret and POST /user/webhook-secret/rotate: the Standard Webhooks signing secret. */
export const webhookSecretSchema = lenientRecord({ secret: textish, message: textish.optional() });
export type WebhookSecret = z.output<typeof webhookSecretSchema>;
export const webhookSecretAnswerSchema = recordAnswer(webhookSecretSchema);

/** Counts keyed by status ("created", "reached-max-retries" …): unreadable entries are left out. */
export const statusCounts = anyValue((v): Record<string, number> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) {
    const num = typeof n === 'number' ? n : typeof n === 'string' && n.trim() !== '' ? Number(n) : Number.NaN;
    if (Number.isFinite(num)) out[k] = num;
  }
  return out;
});
