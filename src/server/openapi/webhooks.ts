import { WEBHOOK_RETRY_SCHEDULE_S, WEBHOOK_TIMEOUT_MS } from '../../contract/webhooks';
import type { JsonSchema } from './schemas';

/*
 * The OpenAPI 3.1 top-level `webhooks`: what the service POSTs to a user's URLs (webhooks/payload.ts), with
 * the three Standard Webhooks headers. Written out rather than derived: these are the service's own shapes.
 */

const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra });
const isoTime = (description: string): JsonSchema => nullable('string', { format: 'date-time', description });

const lead: JsonSchema = {
  type: ['object', 'null'],
  description: 'The lead dialled (campaign calls), else null.',
  properties: {
    id: { type: 'integer' },
    phone_number: { type: 'string' },
    variables: { type: 'object' },
    status: { type: 'string' },
    created_at: isoTime('When the lead was made'),
    updated_at: isoTime('When the lead last changed'),
  },
};

const campaign: JsonSchema = {
  type: ['object', 'null'],
  description: "The call's campaign, else null.",
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: { type: 'string' },
    allowed_hours_start_time: { type: 'string' },
    allowed_hours_end_time: { type: 'string' },
    allowed_days: { type: 'array', items: { type: 'string' } },
    max_calls_in_parallel: { type: 'integer' },
    max_retries: { type: 'integer' },
    retry_interval: { type: 'integer' },
    created_at: isoTime('When the campaign was made'),
    updated_at: isoTime('When the campaign last changed'),
  },
};

const common: Record<string, JsonSchema> = {
  id: { type: 'integer', description: 'The call id (GET /user/calls/{id})' },
  assistant_id: nullable('integer'),
  customer_phone: nullable('string', { description: 'E.164' }),
  assistant_phone: nullable('string', { description: 'E.164' }),
  status: { type: 'string' },
  created_at: isoTime('When the call was placed (ISO 8601, UTC, seconds)'),
};

function finishedCall(event: string): JsonSchema {
  return {
    type: 'object',
    properties: {
      event: { type: 'string', const: event },
      ...common,
      status: { type: 'string', description: 'The final status: completed, ended_by_customer, ended_by_assistant, busy, no-answer, failed' },
      duration: { type: 'integer', description: 'Seconds' },
      extracted_variables: { type: 'object', description: "One value per field of the assistant's post_call_schema" },
      input_variables: { type: 'object', description: 'The variables the call was placed with (make_call, or the lead)' },
      transcript: { type: 'string', description: '`AI: …` / `User: …` lines; empty when nobody answered' },
      recording_url: nullable('string', { description: 'Only with include_recording_in_webhook: an absolute URL on PUBLIC_URL, null without a recording' }),
      finished_at: isoTime('When the call ended'),
      lead,
      campaign,
    },
    required: ['event', 'id', 'customer_phone', 'assistant_phone', 'duration', 'status', 'extracted_variables', 'input_variables', 'transcript', 'created_at', 'finished_at', 'lead', 'campaign'],
  };
}

const inboundStarted: JsonSchema = {
  type: 'object',
  properties: {
    event: { type: 'string', const: 'inbound_call.started' },
    ...common,
    answered_at: isoTime('When the assistant answered'),
  },
  required: ['event', 'id', 'customer_phone', 'assistant_phone', 'status', 'created_at', 'answered_at'],
};

const conversationEnded: JsonSchema = {
  type: 'object',
  properties: {
    event: { type: 'string', const: 'conversation.ended' },
    conversation_id: { type: 'string', format: 'uuid' },
    assistant_id: { type: 'string', format: 'uuid', description: "The assistant's UUID" },
    assistant_name: { type: 'string' },
    type: { type: 'string', description: 'widget, test, whatsapp or api' },
    variables: nullable('object'),
    customer_identifier: nullable('string', { description: 'api conversations (generate-reply)' }),
    external_identifier: nullable('string'),
    ended_reason: { type: 'string', enum: ['end_call', 'inactivity'], description: 'The assistant called end_call, or nobody wrote for 30 minutes' },
    message_count: { type: 'integer' },
    total_cost: { type: 'number' },
    transcript: {
      type: 'array',
      description: 'The history, oldest first, as GET /conversations/{uuid} gives it',
      items: { type: 'object', properties: { role: { type: 'string' }, content: { type: 'string' }, function_calls: { type: 'array', items: { type: 'object' } } }, required: ['role', 'content'] },
    },
    created_at: isoTime('When the conversation was opened'),
    ended_at: isoTime('When it ended'),
  },
  required: ['event', 'conversation_id', 'assistant_id', 'assistant_name', 'type', 'variables', 'customer_identifier', 'external_identifier', 'ended_reason', 'message_count', 'total_cost', 'transcript', 'created_at', 'ended_at'],
};

const SIGNATURE_HEADERS: JsonSchema[] = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string', pattern: '^msg_' }, description: 'The same on every attempt and resend of one delivery: receivers de-duplicate on it.' },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]+$' }, description: 'Unix seconds of this attempt.' },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: '`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` with the secret of GET /user/webhook-secret (Standard Webhooks; verify with `new Webhook(secret).verify(body, headers)` of the standardwebhooks library).',
  },
];

const retries = `Any answer but 2xx, or none within ${WEBHOOK_TIMEOUT_MS / 1000} s, is retried after ${WEBHOOK_RETRY_SCHEDULE_S.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(', ')} (six attempts), then the delivery has failed.`;

function hook(summary: string, description: string, payload: JsonSchema): JsonSchema {
  return {
    post: {
      summary,
      description: `${description} ${retries}`,
      'x-local-extension': true,
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: payload } } },
      responses: {
        '2XX': { description: 'Received: the delivery is recorded delivered.' },
        default: { description: 'Anything else: retried on the schedule.' },
      },
    },
  };
}

export function webhookDocs(): Record<string, JsonSchema> {
  return {
    'call.ended': hook(
      'Post-call webhook',
      "To the assistant's webhook_url when is_webhook_active, after every finished call (only completed ones with send_webhook_only_on_completed). The hosted service's documented fields, plus `event` and `assistant_id`.",
      finishedCall('call.ended'),
    ),
    'inbound_call.started': hook('Inbound call answered', "To the assistant's inbound_webhook_url while the inbound webhook is on, when an inbound call is answered.", inboundStarted),
    'inbound_call.ended': hook('Inbound call finished', "To the assistant's inbound_webhook_url while the inbound webhook is on, when an inbound call has its outcome, with the call's data.", finishedCall('inbound_call.ended')),
    'conversation.ended': hook(
      'Chat conversation ended',
      'To the URL of POST /user/assistants/enable-conversation-ended-webhook while it is on, when a conversation in which the customer wrote ends: the assistant called end_call, or nobody wrote for 30 minutes. A later message reopens the conversation; its next end is sent again.',
      conversationEnded,
    ),
  };
}
