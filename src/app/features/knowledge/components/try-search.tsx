import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { KNOWLEDGE_LIMITS, type SearchPassage } from '@contract/knowledge-read';
import { errorMessage, isExtensionNotOffered } from '@/api/errors';
import { HeadlineText } from '@/components/headline-text';
import { m } from '@/i18n';
import { useKnowledgeSearch } from '../api/search-knowledge-base';

/**
 * "Try a search": what an assistant would find in this base for a question. The question is the page's
 * URL (`?q=`), so a reload or a shared link asks it again. Passages come best first, with their document,
 * heading and the excerpt, the matched words marked (as text, never markup).
 */
export function TrySearch({ knowledgeBaseId, query, onQuery }: { knowledgeBaseId: number; query: string; onQuery: (q: string) => void }) {
  const [text, setText] = useState(query);
  const [asked, setAsked] = useState(query);
  // The URL changed under the box (back, forward): the box follows.
  if (asked !== query) {
    setAsked(query);
    setText(query);
  }
  const search = useKnowledgeSearch(knowledgeBaseId, query);
  const trimmed = text.trim();
  const tooLong = trimmed.length > KNOWLEDGE_LIMITS.searchQueryMax;

  return (
    <Stack gap="sm">
      <form
        role="search"
        aria-label={m.knowledge_search_title()}
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed === '' || tooLong) return;
          if (trimmed === query) void search.refetch();
          else onQuery(trimmed);
        }}
      >
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={m.knowledge_search_label()}
            placeholder={m.knowledge_search_placeholder()}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            error={tooLong ? m.knowledge_search_too_long({ max: String(KNOWLEDGE_LIMITS.searchQueryMax) }) : undefined}
          />
          <Button type="submit" mt={25} disabled={trimmed === '' || tooLong} loading={search.isFetching && trimmed === query}>
            {m.common_search()}
          </Button>
        </Group>
      </form>
      <div aria-live="polite" aria-busy={search.isFetching}>
        <SearchResults query={query} search={search} />
      </div>
    </Stack>
  );
}

function SearchResults({ query, search }: { query: string; search: ReturnType<typeof useKnowledgeSearch> }) {
  if (query === '') {
    return (
      <Text size="sm" c="dimmed">
        {m.knowledge_search_hint()}
      </Text>
    );
  }
  if (search.isPending) {
    return (
      <Group gap="xs" c="dimmed">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{m.knowledge_search_searching()}</Text>
      </Group>
    );
  }
  if (search.isError) {
    return (
      <Alert color={isExtensionNotOffered(search.error) ? 'gray' : 'red'} variant="light" role="alert" title={m.knowledge_search_failed()}>
        {isExtensionNotOffered(search.error) ? m.knowledge_search_not_offered() : errorMessage(search.error)}
      </Alert>
    );
  }
  const passages = search.data ?? [];
  if (passages.length === 0) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="search-empty">
        <Text size="sm" fw={500}>
          {m.knowledge_search_nothing({ query })}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {m.knowledge_search_nothing_hint()}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none', opacity: search.isPlaceholderData ? 0.6 : 1 }} aria-label={m.knowledge_search_results({ query })}>
      {passages.map((p, i) => (
        <PassageItem key={p.passage_id ?? `${p.document_id ?? 'x'}-${i}`} passage={p} />
      ))}
    </Stack>
  );
}

function PassageItem({ passage }: { passage: SearchPassage }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="search-passage">
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {passage.document_name || m.knowledge_document_unnamed()}
          </Text>
          {passage.heading ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {m.knowledge_passage_heading({ heading: passage.heading })}
            </Text>
          ) : null}
        </Group>
        <HeadlineText headline={passage.headline} excerpt={passage.excerpt} />
      </Stack>
    </Paper>
  );
}
