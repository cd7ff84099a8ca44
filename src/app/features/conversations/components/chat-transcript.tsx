import { Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { m } from '@/i18n';
import type { ChatMessage } from '../lib/chat-state';
import { roleLabel } from '../lib/format';
import { isKnowledgeSearch } from '@/components/knowledge-card';
import { FunctionCallCard } from './function-call-card';
import { KnowledgeCallCard } from './knowledge-call-card';

/**
 * A conversation's messages, oldest first: who wrote each, the functions called on the way to a reply
 * (as cards, before the reply's text), and the text itself, always as text. Shared by the test chat and
 * the Conversations page.
 */
export function ChatTranscript({ messages, assistantName, empty }: { messages: readonly ChatMessage[]; assistantName?: string | null; empty?: ReactNode }) {
  const busy = messages.some((message) => message.streaming);
  return (
    <Stack gap="md" role="log" aria-label={m.conversations_transcript_label()} aria-busy={busy} data-testid="chat-transcript">
      {messages.length === 0 && empty ? empty : null}
      {messages.map((message) => (
        <MessageItem key={message.key} message={message} assistantName={assistantName} />
      ))}
    </Stack>
  );
}

function MessageItem({ message, assistantName }: { message: ChatMessage; assistantName?: string | null }) {
  const mine = message.role === 'user';
  return (
    <Box
      data-testid="chat-message"
      data-role={message.role}
      style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: mine ? '85%' : '100%', minWidth: 0 }}
    >
      <Text size="xs" c="dimmed" fw={600} mb={4} ta={mine ? 'right' : 'left'}>
        {roleLabel(message.role, assistantName)}
      </Text>
      <Stack gap="xs">
        {message.calls.map((call) =>
          isKnowledgeSearch(call.name) ? <KnowledgeCallCard key={call.key} call={call} /> : <FunctionCallCard key={call.key} call={call} />,
        )}
        {message.content ? (
          <Paper
            radius="md"
            px="sm"
            py={6}
            bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
            data-testid="chat-message-text"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Text>
          </Paper>
        ) : null}
        {message.streaming ? (
          <Group gap={6} c="dimmed">
            <Loader size="xs" type="dots" aria-hidden />
            <Text size="xs">{message.calls.some((c) => c.pending) ? m.conversations_calling_tool() : m.conversations_writing()}</Text>
          </Group>
        ) : null}
        {message.unanswered ? (
          <Text size="xs" c="red.7" ta="right">
            {m.conversations_unanswered()}
          </Text>
        ) : null}
        {message.aiOff ? (
          <Text size="xs" c="dimmed" ta="right">
            {m.conversations_ai_off_kept()}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
