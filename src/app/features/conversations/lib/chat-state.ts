import type { ConversationMessage, ConversationReply, FunctionCall } from '@contract/conversation';
import type { JsonObject } from '@contract/common';

/*
 * The test chat's transcript as a pure reducer: the history the conversation opened with, the user's
 * turns, and the reply as it streams in (text pieces, function calls asked for and then answered),
 * replaced by the service's final answer when it comes.
 */

export interface ChatCall {
  key: string;
  name: string;
  arguments: JsonObject;
  result: unknown;
  error: string | null;
  durationMs: number | null;
  /** Asked for, not answered yet. */
  pending: boolean;
}

export interface ChatMessage {
  key: string;
  /** `user`, `assistant`, or whatever role the host sent. */
  role: string;
  content: string;
  calls: ChatCall[];
  /** The reply still arriving. */
  streaming?: boolean;
  /** A user turn that got no reply (the request failed). */
  unanswered?: boolean;
  /** A user turn kept while a person has the conversation (AI off): nobody answered. */
  aiOff?: boolean;
}

export interface ChatState {
  messages: ChatMessage[];
  /** Keys handed out so far (stable React keys). */
  next: number;
}

export type ChatAction =
  | { type: 'reset'; history: readonly ConversationMessage[] }
  | { type: 'sent'; text: string }
  | { type: 'text'; delta: string }
  | { type: 'call'; id: string; name: string; arguments: JsonObject }
  | { type: 'result'; id: string; call: FunctionCall }
  | { type: 'replied'; reply: ConversationReply }
  | { type: 'failed' };

export const emptyChat: ChatState = { messages: [], next: 0 };

export function toChatCall(call: FunctionCall, key: string): ChatCall {
  return {
    key,
    name: call.name,
    arguments: call.arguments,
    result: call.result,
    error: call.error?.trim() ? call.error : null,
    durationMs: call.duration_ms ?? null,
    pending: false,
  };
}

/** A history message of the service as the transcript shows it. */
export function toChatMessage(message: ConversationMessage, key: string): ChatMessage {
  return {
    key,
    role: message.role,
    content: message.content,
    calls: (message.function_calls ?? []).map((c, i) => toChatCall(c, `${key}-${i}`)),
  };
}

/** The reply being written: the last message when it is still streaming. */
function withReply(state: ChatState, change: (reply: ChatMessage) => ChatMessage): ChatState {
  const last = state.messages[state.messages.length - 1];
  if (last?.streaming) return { ...state, messages: [...state.messages.slice(0, -1), change(last)] };
  const reply: ChatMessage = { key: `m${state.next}`, role: 'assistant', content: '', calls: [], streaming: true };
  return { next: state.next + 1, messages: [...state.messages, change(reply)] };
}

/** The last user turn, changed. */
function withLastUser(messages: ChatMessage[], change: (m: ChatMessage) => ChatMessage): ChatMessage[] {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.role === 'user') return [...messages.slice(0, i), change(messages[i]!), ...messages.slice(i + 1)];
  }
  return messages;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'reset':
      return {
        next: action.history.length,
        messages: action.history.map((message, i) => toChatMessage(message, `m${i}`)),
      };
    case 'sent':
      return {
        next: state.next + 2,
        messages: [
          ...state.messages,
          { key: `m${state.next}`, role: 'user', content: action.text, calls: [] },
          { key: `m${state.next + 1}`, role: 'assistant', content: '', calls: [], streaming: true },
        ],
      };
    case 'text':
      return withReply(state, (reply) => ({ ...reply, content: reply.content + action.delta }));
    case 'call':
      return withReply(state, (reply) => ({
        ...reply,
        calls: [
          ...reply.calls,
          { key: action.id, name: action.name, arguments: action.arguments, result: null, error: null, durationMs: null, pending: true },
        ],
      }));
    case 'result':
      return withReply(state, (reply) => {
        const done = toChatCall(action.call, action.id);
        const index = reply.calls.findIndex((c) => c.key === action.id);
        const calls = index === -1 ? [...reply.calls, done] : reply.calls.map((c, i) => (i === index ? done : c));
        return { ...reply, calls };
      });
    case 'replied': {
      const { reply } = action;
      const rest = state.messages.filter((m) => !m.streaming);
      if (reply.ai_disabled) return { ...state, messages: withLastUser(rest, (m) => ({ ...m, aiOff: true })) };
      const streamed = state.messages.find((m) => m.streaming);
      const key = streamed?.key ?? `m${state.next}`;
      const final: ChatMessage = {
        key,
        role: 'assistant',
        content: reply.message,
        calls: reply.function_calls.map((c, i) => toChatCall(c, `${key}-${i}`)),
      };
      return { next: streamed ? state.next : state.next + 1, messages: [...rest, final] };
    }
    case 'failed': {
      // What arrived of the reply stays (marked as cut off by the panel's error); an empty one goes.
      const messages = state.messages
        .filter((m) => !(m.streaming && m.content === '' && m.calls.length === 0))
        .map((m) => (m.streaming ? { ...m, streaming: false, calls: m.calls.map((c) => ({ ...c, pending: false })) } : m));
      return { ...state, messages: withLastUser(messages, (m) => ({ ...m, unanswered: true })) };
    }
  }
}
