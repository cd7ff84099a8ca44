import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { conversationReplySchema, type ConversationReply } from '@contract/conversation';
import { api } from '@/api';
import { conversationKeys } from '@/api/query-keys';
import { streamReply, type ReplyHandlers } from '../lib/reply-stream';

/** A model and its tools may take a while: longer than the client's 30 s for a reply. */
export const REPLY_TIMEOUT_MS = 180_000;

const messagesPath = (id: string) => `/conversations/${encodeURIComponent(id)}/messages`;

/** POST /conversations/{uuid}/messages: the user's turn; the answer is the assistant's whole reply. */
export function sendMessage(id: string, message: string, signal?: AbortSignal) {
  return api.post(messagesPath(id), conversationReplySchema, { body: { message }, signal, timeoutMs: REPLY_TIMEOUT_MS });
}

/**
 * The same turn, streamed where the host can (`Accept: text/event-stream`, the local service's extension):
 * `handlers` see the text and the function calls as they come. A host that cannot stream (the hosted
 * service) gets the plain request instead; one that answers the stream request with the JSON reply has
 * already answered, and is not asked twice.
 */
export async function sendMessageStreaming(id: string, message: string, handlers: ReplyHandlers, signal?: AbortSignal): Promise<ConversationReply> {
  const outcome = await streamReply(messagesPath(id), { message }, handlers, { signal });
  if (outcome.kind === 'reply') return outcome.reply;
  return sendMessage(id, message, signal);
}

/** Sends and refreshes what the message changed (the list's counts, the conversation's history). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string, message: string, handlers: ReplyHandlers, signal?: AbortSignal) => {
      try {
        return await sendMessageStreaming(id, message, handlers, signal);
      } finally {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
      }
    },
    [queryClient],
  );
}
