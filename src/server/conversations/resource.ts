import type { ConversationMessageRow, ConversationRow, StoredFunctionCall } from '../db/schema';
import { laravelDateTime } from '../db/time';

/*
 * The conversation family's records as the API shows them (the hosted documentation's fields, with the
 * local additions the contract names: a function call's `error` and `duration_ms`, a conversation's `ended_at`).
 */

export function functionCallResource(c: StoredFunctionCall) {
  return { name: c.name, arguments: c.arguments, result: c.result ?? null, error: c.error, duration_ms: c.duration_ms };
}

/** A history item; `function_calls` only on a reply that called tools. */
export function messageResource(m: Pick<ConversationMessageRow, 'role' | 'content' | 'function_calls'>) {
  return {
    role: m.role,
    content: m.content,
    ...(m.function_calls.length > 0 ? { function_calls: m.function_calls.map(functionCallResource) } : {}),
  };
}

export interface ListedConversation extends ConversationRow {
  assistant_uuid: string;
  assistant_name: string;
}

export function conversationResource(c: ListedConversation) {
  return {
    id: c.uuid,
    assistant_id: c.assistant_uuid,
    assistant_name: c.assistant_name,
    type: c.type,
    variables: c.variables,
    ...(c.type === 'api' && c.external_identifier !== null ? { external_identifier: c.external_identifier } : {}),
    message_count: c.message_count,
    total_cost: Number(c.total_cost),
    ai_enabled: c.ai_enabled,
    created_at: laravelDateTime(c.created_at),
    updated_at: laravelDateTime(c.updated_at),
    ended_at: c.ended_at === null ? null : laravelDateTime(c.ended_at),
  };
}
