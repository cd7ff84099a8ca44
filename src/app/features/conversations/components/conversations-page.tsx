import { Button, Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFilterOff, IconMessages, IconRobot } from '@tabler/icons-react';
import { ButtonLink } from '@/components/links';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/table-skeleton';
import { m } from '@/i18n';
import { useConversations } from '../api/get-conversations';
import { lacksConversationApi } from '../lib/errors';
import { hasFilter, listParams, type ConversationsSearch } from '../lib/search';
import { ConversationDrawer } from './conversation-drawer';
import { ConversationFilters, type ConversationFilterPatch } from './conversation-filters';
import { ConversationsTable } from './conversations-table';

export interface ConversationsPageProps {
  search: ConversationsSearch;
  /** A new state of the URL: a filter or page change is a step back can undo; closing the drawer too. */
  onSearch: (next: ConversationsSearch) => void;
}

/**
 * The Conversations page: text conversations with the user's assistants (test chats, the widget,
 * WhatsApp, the API), newest first, filtered by type and assistant, a page at a time by cursor; the
 * conversation open in a drawer. Everything it shows lives in the URL (the route's search), so back,
 * forward and reload keep it.
 */
export function ConversationsPage({ search, onSearch }: ConversationsPageProps) {
  const list = useConversations(listParams(search));
  const page = list.data;
  const stale = list.isPlaceholderData;
  const filtered = hasFilter(search);

  const changeFilter = (patch: ConversationFilterPatch) => onSearch({ ...search, ...patch, cursor: undefined });
  const goTo = (cursor: string | null) => onSearch({ ...search, cursor: cursor ?? undefined });

  let body: React.ReactNode;
  if (list.isPending) {
    body = <TableSkeleton rows={6} columns={5} />;
  } else if (list.isError && !page) {
    body = lacksConversationApi(list.error) ? (
      <Card withBorder data-testid="conversations-not-offered">
        <Text size="sm">{m.conversations_host_lacks_body()}</Text>
      </Card>
    ) : (
      <ErrorState error={list.error} title={m.conversations_load_error()} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  } else if (page && page.data.length === 0 && !stale) {
    body = (
      <Card withBorder data-testid="conversations-empty">
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconMessages size={28} aria-hidden />}
          title={filtered ? m.conversations_no_match_title() : search.cursor ? m.conversations_past_end_title() : m.conversations_empty_title()}
          description={filtered ? m.conversations_no_match_description() : m.conversations_empty_description()}
        >
          {filtered ? (
            <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => changeFilter({ type: undefined, assistant_id: undefined })}>
              {m.common_clear_filters()}
            </Button>
          ) : search.cursor ? (
            <Button variant="light" onClick={() => goTo(null)}>
              {m.conversations_first_page()}
            </Button>
          ) : (
            <ButtonLink to="/assistants" variant="light" leftSection={<IconRobot size={16} aria-hidden />}>
              {m.conversations_go_assistants()}
            </ButtonLink>
          )}
        </EmptyState>
      </Card>
    );
  } else if (page) {
    body = (
      <Stack gap="sm">
        {list.isError ? <ErrorState error={list.error} title={m.conversations_refresh_error()} onRetry={() => void list.refetch()} retrying={list.isFetching} /> : null}
        <ConversationsTable conversations={page.data} stale={stale} openId={search.open} />
        <Group justify="flex-end" gap="xs" aria-label={m.conversations_pages_label()} role="navigation">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={!page.prev_cursor || stale}
            onClick={() => goTo(page.prev_cursor)}
          >
            {m.conversations_page_previous()}
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={!page.next_cursor || stale}
            onClick={() => goTo(page.next_cursor)}
          >
            {m.conversations_page_next()}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={m.conversations_title()} description={m.conversations_description()} />
      <ConversationFilters search={search} onChange={changeFilter} />
      {body}
      {search.open ? (
        <ConversationDrawer
          key={search.open}
          id={search.open}
          listItem={page?.data.find((c) => c.id === search.open)}
          onClose={() => onSearch({ ...search, open: undefined })}
        />
      ) : null}
    </>
  );
}
