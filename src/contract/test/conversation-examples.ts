import * as contract from '../index';
import type { ResponseExample } from './response-examples';

/*
 * Full examples of the conversation API's response schemas (src/contract/conversation.ts), for
 * response-schemas.test.ts. Conversation ids are UUIDs (strings): no idPath (that check reads numbers);
 * `id` is required, so it is never deleted or replaced.
 */

const laravelTs = '2024-05-02 09:14:07';
const uuid = '3f0c9a52-1d7e-4b8a-9c41-7e2d5b6a8f10';
const assistantUuid = '9b1f7c3e-2a4d-4e6f-8b0a-1c2d3e4f5a6b';

const functionCall = { name: 'check_availability', arguments: { date: '2024-05-03' }, result: { slots: ['09:00', '10:30'] }, error: null, duration_ms: 120 };
const message = { role: 'assistant', content: 'We have 09:00 or 10:30 free.', function_calls: [functionCall] };
const conversation = {
  id: uuid,
  assistant_id: assistantUuid,
  assistant_name: 'Front desk',
  type: 'widget',
  variables: { customer_name: 'Max' },
  external_identifier: 'crm-42',
  message_count: 4,
  total_cost: 0.02,
  ai_enabled: true,
  created_at: laravelTs,
  updated_at: laravelTs,
  ended_at: laravelTs,
  whatsapp_sender: { phone: '+4915123456789' },
  customer: { name: 'Max Mustermann' },
};
const reply = { status: true, message: 'We have 09:00 or 10:30 free.', function_calls: [functionCall], ai_disabled: false };

export const CONVERSATION_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['functionCallSchema'], label: 'function call', schema: contract.functionCallSchema, example: functionCall, required: [] },
  { covers: ['conversationMessageSchema'], label: 'conversation message', schema: contract.conversationMessageSchema, example: message, required: [] },
  {
    covers: ['conversationCreatedSchema'],
    label: 'conversation created',
    schema: contract.conversationCreatedSchema,
    example: { status: true, conversation_id: uuid, history: [{ role: 'assistant', content: 'Hello Max!' }] },
    required: [],
  },
  { covers: ['conversationReplySchema'], label: 'conversation reply', schema: contract.conversationReplySchema, example: reply, required: [] },
  { covers: ['conversationSchema'], label: 'conversation', schema: contract.conversationSchema, example: conversation, required: ['id'] },
  {
    covers: ['conversationHistorySchema'],
    label: 'conversation history',
    schema: contract.conversationHistorySchema,
    example: { status: true, history: [{ role: 'user', content: 'Any time tomorrow?' }, message], conversation },
    required: ['conversation.id'],
  },
  {
    covers: ['conversationsPageSchema'],
    label: 'conversations (cursor paginator)',
    schema: contract.conversationsPageSchema,
    example: {
      data: [conversation],
      path: 'https://host/api/user/conversations',
      per_page: 15,
      next_cursor: 'eyJpZCI6MTB9',
      next_page_url: 'https://host/api/user/conversations?cursor=eyJpZCI6MTB9',
      prev_cursor: 'eyJpZCI6MjB9',
      prev_page_url: 'https://host/api/user/conversations?cursor=eyJpZCI6MjB9',
    },
    required: ['data', 'data.*', 'data.*.id'],
  },
  {
    covers: ['conversationAiSwitchSchema'],
    label: 'AI switch',
    schema: contract.conversationAiSwitchSchema,
    example: { status: true, message: 'AI disabled successfully', ai_enabled: false },
    required: [],
  },
  {
    covers: ['generatedReplySchema'],
    label: 'generated reply',
    schema: contract.generatedReplySchema,
    example: { success: true, conversation_id: uuid, customer_identifier: 'crm-42', reply: 'Hello again!', function_calls: [functionCall], ai_disabled: false },
    required: [],
  },
  { covers: ['conversationErrorSchema'], label: 'conversation error', schema: contract.conversationErrorSchema, example: { status: false, error: 'Conversation not found' }, required: [] },
  {
    covers: ['generateReplyErrorSchema'],
    label: 'generate-reply error',
    schema: contract.generateReplyErrorSchema,
    example: { success: false, error: 'Insufficient balance', error_code: 'INSUFFICIENT_BALANCE' },
    required: [],
  },
  { covers: ['streamTextSchema'], label: 'stream: text', schema: contract.streamTextSchema, example: { delta: 'We have ' }, required: [] },
  {
    covers: ['streamFunctionCallSchema'],
    label: 'stream: function call',
    schema: contract.streamFunctionCallSchema,
    example: { id: 'call_1', name: 'check_availability', arguments: { date: '2024-05-03' } },
    required: [],
  },
  {
    covers: ['streamFunctionResultSchema'],
    label: 'stream: function result',
    schema: contract.streamFunctionResultSchema,
    example: { id: 'call_1', ...functionCall },
    required: [],
  },
];
