import 'mantine-datatable/styles.css';
import { Badge, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { Conversation } from '@contract/conversation';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { conversationTypeLabel, formatConversationTime, formatCost } from '../lib/format';
import { AiSwitch } from './ai-switch';

const assistantOf = (c: Conversation) => c.assistant_name.trim() || m.conversations_unnamed_assistant();

/**
 * One page of conversations: the assistant (a link that opens the conversation), type, messages, cost,
 * AI on or off (a switch), when it started and when it last changed. Dimmed while the next page loads.
 */
export function ConversationsTable({ conversations, stale, openId }: { conversations: readonly Conversation[]; stale: boolean; openId?: string }) {
  return (
    <DataTable<Conversation>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="sm"
      records={[...conversations]}
      idAccessor="id"
      aria-label={m.conversations_title()}
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
      rowStyle={(c) => (c.id === openId ? { background: 'var(--mantine-primary-color-light)' } : undefined)}
      customRowAttributes={(c) => ({ 'data-testid': 'conversation-row', 'data-conversation-id': c.id })}
      columns={[
        {
          accessor: 'assistant_name',
          title: m.conversations_col_assistant(),
          render: (c) => (
            <>
              <AnchorLink
                from="/conversations"
                to="/conversations"
                search={(prev) => ({ ...prev, open: c.id })}
                resetScroll={false}
                fw={600}
                size="sm"
                aria-label={m.conversations_open_aria({ name: assistantOf(c), created: formatConversationTime(c.created_at) })}
              >
                {assistantOf(c)}
              </AnchorLink>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {conversationTypeLabel(c.type)} · {formatConversationTime(c.updated_at ?? c.created_at)}
              </Text>
            </>
          ),
        },
        {
          accessor: 'type',
          title: m.conversations_col_type(),
          render: (c) => (
            <Badge variant="light" color={c.type === 'test' ? 'gray' : 'blue'} radius="sm">
              {conversationTypeLabel(c.type)}
            </Badge>
          ),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'message_count',
          title: m.conversations_col_messages(),
          textAlign: 'right',
          render: (c) => formatNumber(c.message_count),
        },
        {
          accessor: 'total_cost',
          title: m.conversations_col_cost(),
          textAlign: 'right',
          noWrap: true,
          render: (c) => formatCost(c.total_cost),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'ai_enabled',
          title: m.conversations_col_ai(),
          render: (c) => <AiSwitch id={c.id} enabled={c.ai_enabled} ariaLabel={m.conversations_ai_aria({ name: assistantOf(c) })} />,
        },
        {
          accessor: 'created_at',
          title: m.common_created(),
          noWrap: true,
          render: (c) => formatConversationTime(c.created_at),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        {
          accessor: 'updated_at',
          title: m.common_updated(),
          noWrap: true,
          render: (c) => formatConversationTime(c.updated_at),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
      ]}
    />
  );
}
