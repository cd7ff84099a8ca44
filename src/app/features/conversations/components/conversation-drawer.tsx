import { Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useClipboard, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Conversation } from '@contract/conversation';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { useConversation } from '../api/get-conversation';
import { toChatMessage } from '../lib/chat-state';
import { lacksConversationApi } from '../lib/errors';
import { conversationTypeLabel, formatConversationTime, formatCost } from '../lib/format';
import { transcriptText } from '../lib/transcript';
import { AiSwitch } from './ai-switch';
import { ChatTranscript } from './chat-transcript';
import { ValueBlock } from '@/components/tool-call/value-block';

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/**
 * One conversation over the list (its uuid in the URL's `open`): what the list knows of it (or the local
 * service's record), the AI switch, and the whole history with every function call as a card.
 */
export function ConversationDrawer({ id, listItem, onClose }: { id: string; listItem: Conversation | undefined; onClose: () => void }) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const history = useConversation(id);
  const clipboard = useClipboard({ timeout: 2000 });
  const record = history.data?.conversation ?? listItem ?? null;
  const name = record?.assistant_name.trim() || null;
  const messages = useMemo(() => (history.data?.history ?? []).map((message, i) => toChatMessage(message, `h${i}`)), [history.data]);

  let content: React.ReactNode;
  if (history.data) {
    content = (
      <ChatTranscript
        messages={messages}
        assistantName={name}
        empty={
          <Text size="sm" c="dimmed">
            {m.conversations_history_empty()}
          </Text>
        }
      />
    );
  } else if (history.isError) {
    if (lacksConversationApi(history.error)) content = <Text size="sm">{m.conversations_host_lacks_body()}</Text>;
    else if (isApiError(history.error) && history.error.kind === 'not-found') {
      content = (
        <Text size="sm" data-testid="conversation-not-found">
          {m.conversations_not_found()}
        </Text>
      );
    } else {
      content = <ErrorState error={history.error} title={m.conversations_history_failed()} onRetry={() => void history.refetch()} retrying={history.isFetching} />;
    }
  } else {
    content = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={m.conversations_history_loading()}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={i % 2 ? 40 : 14} width={`${50 + ((i * 17) % 40)}%`} radius="md" />
        ))}
      </Stack>
    );
  }

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 'lg'}
      padding="md"
      returnFocus
      title={
        <Stack gap={0}>
          <Text fw={600}>{name ? m.conversations_drawer_title_named({ name }) : m.conversations_drawer_title()}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {id}
          </Text>
        </Stack>
      }
      data-testid="conversation-drawer"
    >
      <Stack gap="md">
        {record ? (
          <>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
              <Fact label={m.conversations_col_type()} value={conversationTypeLabel(record.type)} />
              <Fact label={m.conversations_col_messages()} value={formatNumber(record.message_count)} />
              <Fact label={m.conversations_col_cost()} value={formatCost(record.total_cost)} />
              <Fact label={m.common_created()} value={formatConversationTime(record.created_at)} />
              <Fact label={m.common_updated()} value={formatConversationTime(record.updated_at)} />
              <Fact label={m.conversations_ended()} value={record.ended_at ? formatConversationTime(record.ended_at) : DASH} />
            </SimpleGrid>
            <Group gap="sm">
              <Text size="sm" fw={500}>
                {m.conversations_col_ai()}
              </Text>
              <AiSwitch id={id} enabled={record.ai_enabled} ariaLabel={m.conversations_ai_replies()} />
            </Group>
            {record.variables && Object.keys(record.variables).length > 0 ? <ValueBlock label={m.conversations_variables_label()} value={record.variables} /> : null}
          </>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={clipboard.copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            onClick={() => clipboard.copy(transcriptText(messages, name))}
            disabled={messages.length === 0}
          >
            {clipboard.copied ? m.common_copied() : m.conversations_copy_transcript()}
          </Button>
        </Group>
        {content}
      </Stack>
    </Drawer>
  );
}
