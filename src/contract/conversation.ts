import { z } from 'zod';
import { anyValue, boolish, lenientList, lenientRecord, nestedRecord, numberish, objectish, openString, textish } from './common';
import { variablesInput } from './shared-inputs';
import { laxInt, PG_INT_MAX } from './request-fields';
import { httpUrl } from './validation';

/*
 * Text conversations with an assistant: the hosted service's conversation API (api-reference/ai-chatbot,
 * api-reference/conversations, api-reference/ai-replies), served by the local service too. Requests are
 * strict (what the service validates); responses are lenient readers for the console, as everywhere.
 *
 * Errors of this family have their own body: `{status: false, error: "<text>"}` (404 conversation or
 * assistant not found, 400 insufficient balance or a failed reply, 422 validation, 503 no language model),
 * except generate-reply's `{success: false, error, error_code}` and the list's and the webhook switches'
 * usual `{message, errors?}`.
 */

export const CONVERSATION_TYPES = ['widget', 'test', 'whatsapp', 'api'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
/** What POST /conversations makes: `widget` (billed per user message, the default) or `test` (free). */
export const CREATABLE_CONVERSATION_TYPES = ['widget', 'test'] as const;

/** The most a user message may hold (the hosted documentation: "max 2000 characters"). */
export const MESSAGE_MAX_CHARS = 2000;
/** What one user message of a widget or api conversation costs, in dollars; test conversations are free. */
export const CONVERSATION_MESSAGE_COST = 0.01;
/** A conversation ends after this long without a message (or when the assistant calls end_call). */
export const CONVERSATION_IDLE_MINUTES = 30;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An assistant as these endpoints name it: its UUID (the hosted documentation's `assistant_id`), or its
 * integer id (what generate-reply and the webhook switches document, and what older clients send).
 */
export const assistantReference = z.union([
  z.string().trim().regex(UUID_PATTERN, { message: 'The assistant id field must be a valid UUID or integer.' }),
  laxInt(z.number().int().min(1).max(PG_INT_MAX)),
]);

const messageText = z.string().trim().min(1).max(MESSAGE_MAX_CHARS);

// ---- requests (strict) ----

/** POST /conversations */
export const createConversationRequest = z.object({
  assistant_id: assistantReference,
  type: z.enum(CREATABLE_CONVERSATION_TYPES).default('widget'),
  variables: variablesInput.optional(),
});
export type CreateConversationRequest = z.input<typeof createConversationRequest>;

/** POST /conversations/{uuid}/messages */
export const sendMessageRequest = z.object({ message: messageText });
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

/** GET /user/conversations */
export const conversationsQuery = z.object({
  type: z.enum(CONVERSATION_TYPES).optional(),
  assistant_id: assistantReference.optional(),
  customer_phone: z.string().max(255).optional(),
  whatsapp_sender_phone: z.string().max(255).optional(),
  external_identifier: z.string().max(255).optional(),
  per_page: laxInt(z.number().int().min(1).max(100)).default(15),
  cursor: z.string().max(2048).optional(),
});
export type ConversationsQuery = z.input<typeof conversationsQuery>;

/** POST /user/assistants/enable-conversation-ended-webhook */
export const conversationEndedWebhookEnableRequest = z.object({ assistant_id: assistantReference, webhook_url: httpUrl.max(2048) });
/** POST /user/assistants/disable-conversation-ended-webhook */
export const conversationEndedWebhookDisableRequest = z.object({ assistant_id: assistantReference });

/** POST /ai/generate-reply */
export const generateReplyRequest = z.object({
  assistant_id: assistantReference,
  customer_identifier: z.string().trim().min(1).max(255),
  message: messageText,
  variables: variablesInput.optional(),
});
export type GenerateReplyRequest = z.input<typeof generateReplyRequest>;

// ---- responses (lenient readers) ----

/**
 * A function the assistant called while answering: `name`, `arguments`, `result` as the hosted service
 * documents them; `error` (why it failed, else null) and `duration_ms` are the local service's additions.
 */
export const functionCallSchema = lenientRecord({
  name: openString,
  arguments: objectish,
  result: anyValue((v) => v ?? null),
  error: textish.optional(),
  duration_ms: numberish.optional(),
});
export type FunctionCall = z.output<typeof functionCallSchema>;

/** One message of a conversation's history, oldest first; `function_calls` only where tools were called. */
export const conversationMessageSchema = lenientRecord({
  role: openString,
  content: openString,
  function_calls: lenientList(functionCallSchema).optional(),
});
export type ConversationMessage = z.output<typeof conversationMessageSchema>;

/** POST /conversations: the new conversation and its history (the initial message, or nothing). */
export const conversationCreatedSchema = lenientRecord({
  status: boolish,
  conversation_id: openString,
  history: lenientList(conversationMessageSchema),
});
export type ConversationCreated = z.output<typeof conversationCreatedSchema>;

/**
 * POST /conversations/{uuid}/messages: the assistant's reply. `ai_disabled` (local addition) is true when a
 * human has the conversation (disable-ai): the message was kept and nobody answered.
 */
export const conversationReplySchema = lenientRecord({
  status: boolish,
  message: openString,
  function_calls: lenientList(functionCallSchema),
  ai_disabled: boolish.optional(),
});
export type ConversationReply = z.output<typeof conversationReplySchema>;

const nullableObject = nestedRecord(z.record(z.string(), z.unknown()));

/** A conversation as GET /user/conversations lists it (timestamps `YYYY-MM-DD HH:MM:SS`, UTC). */
export const conversationSchema = lenientRecord({
  id: z.string(),
  /** The assistant's UUID. */
  assistant_id: textish,
  assistant_name: openString,
  type: openString,
  variables: nullableObject,
  /** api conversations only. */
  external_identifier: textish.optional(),
  message_count: numberish,
  total_cost: numberish,
  ai_enabled: boolish,
  created_at: textish,
  updated_at: textish,
  /** Local addition: when it ended (end_call, or no message for 30 minutes), else null. */
  ended_at: textish.optional(),
  /** whatsapp conversations only (never local). */
  whatsapp_sender: nullableObject.optional(),
  customer: nullableObject.optional(),
});
export type Conversation = z.output<typeof conversationSchema>;

/** GET /conversations/{uuid}: the history; `conversation` (local addition) is the record the list shows. */
export const conversationHistorySchema = lenientRecord({
  status: boolish,
  history: lenientList(conversationMessageSchema),
  conversation: nestedRecord(conversationSchema).optional(),
});
export type ConversationHistory = z.output<typeof conversationHistorySchema>;

/** Laravel's cursor paginator: `data`, and cursors (null at either end) to pass back as `cursor`. */
export const conversationsPageSchema = lenientRecord(
  {
    data: z.array(conversationSchema),
    path: textish,
    per_page: numberish,
    next_cursor: textish,
    next_page_url: textish,
    prev_cursor: textish,
    prev_page_url: textish,
  },
  ['data'],
);
export type ConversationsPage = z.output<typeof conversationsPageSchema>;

/** POST /automate/conversations/{uuid}/disable-ai and enable-ai. */
export const conversationAiSwitchSchema = lenientRecord({ status: boolish, message: openString, ai_enabled: boolish });
export type ConversationAiSwitch = z.output<typeof conversationAiSwitchSchema>;

/** POST /ai/generate-reply */
export const generatedReplySchema = lenientRecord({
  success: boolish,
  conversation_id: openString,
  customer_identifier: openString,
  reply: openString,
  function_calls: lenientList(functionCallSchema),
  ai_disabled: boolish,
});
export type GeneratedReply = z.output<typeof generatedReplySchema>;

/** This family's error body. */
export const conversationErrorSchema = lenientRecord({ status: boolish, error: openString });
/** generate-reply's error body. */
export const generateReplyErrorSchema = lenientRecord({ success: boolish, error: openString, error_code: textish });

// ---- the streamed reply (local extension: POST /conversations/{uuid}/messages with Accept: text/event-stream) ----

/**
 * Server-Sent Events, in order: `text` ({delta}) as the reply's text arrives; `function_call` ({id, name,
 * arguments}) when the model asks for a tool, then `function_result` (the function call record with `id`)
 * when it has answered; last `done` (the JSON answer's body) or `error` ({status: false, error}).
 * Errors found before the reply starts (404, 400, 422, 503) are answered as JSON with their status.
 */
export const CONVERSATION_STREAM_EVENTS = ['text', 'function_call', 'function_result', 'done', 'error'] as const;
export type ConversationStreamEvent = (typeof CONVERSATION_STREAM_EVENTS)[number];
export const streamTextSchema = lenientRecord({ delta: openString });
export const streamFunctionCallSchema = lenientRecord({ id: openString, name: openString, arguments: objectish });
export const streamFunctionResultSchema = functionCallSchema.extend({ id: openString });
