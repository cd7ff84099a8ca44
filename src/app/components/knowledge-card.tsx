import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { SEARCH_KNOWLEDGE_BASE_FUNCTION, knowledgeResultSchema } from '@contract/knowledge-read';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { HeadlineText } from './headline-text';

/** A function call that is a knowledge search (mode function_call, or the passages mode prompt put in). */
export function isKnowledgeSearch(name: string): boolean {
  return name === SEARCH_KNOWLEDGE_BASE_FUNCTION;
}

export interface KnowledgeCardProps {
  /** The model's arguments (`{query}`), as sent. */
  arguments: Readonly<Record<string, unknown>>;
  /** The function's result: `{query, passages: [{document_id, document_name, excerpt, headline}]}`. */
  result: unknown;
  error: string | null;
  /** Asked for, not answered yet. */
  pending?: boolean;
  /** How long it took, already worded ("120 ms"), when the host says. */
  duration?: string | null;
}

/**
 * A knowledge search in a transcript (the Test chat, a call's detail): what was asked and the passages
 * found, each with its document and excerpt, matched words marked. Everything shown is text.
 */
export function KnowledgeCard({ arguments: args, result, error, pending = false, duration = null }: KnowledgeCardProps) {
  const read = knowledgeResultSchema.parse(result);
  const asked = typeof args.query === 'string' ? args.query : '';
  const query = read.query || asked;
  const passages = read.passages;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={m.knowledge_card_aria({ query })} data-testid="knowledge-card">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconBooks size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} size="sm">
              {m.knowledge_card_title()}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {pending ? (
              <Badge variant="light" color="gray" leftSection={<Loader size={10} color="gray" aria-hidden />}>
                {m.knowledge_card_searching()}
              </Badge>
            ) : error ? (
              <Badge variant="light" color="red">
                {m.knowledge_card_failed()}
              </Badge>
            ) : (
              <Badge variant="light" color="teal">
                {m.knowledge_card_found({ count: formatNumber(passages.length) })}
              </Badge>
            )}
            {duration ? (
              <Text size="xs" c="dimmed">
                {duration}
              </Text>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {m.knowledge_card_query()}{' '}
          </Text>
          <Text span fs="italic" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="knowledge-card-query">
            {query ? m.knowledge_quoted({ text: query }) : DASH}
          </Text>
        </Text>
        {pending ? null : error ? (
          <Text size="sm" c="red.7" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {error}
          </Text>
        ) : passages.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.knowledge_card_nothing()}
          </Text>
        ) : (
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={m.knowledge_card_passages()}>
            {passages.map((p, i) => (
              <li key={`${p.document_id ?? 'x'}-${i}`} data-testid="knowledge-card-passage">
                <Paper radius="sm" px="xs" py={6} bg="var(--mantine-color-default-hover)">
                  <Text size="xs" fw={600} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {p.heading ? m.knowledge_passage_place({ document: p.document_name || m.knowledge_document_unnamed(), heading: p.heading }) : p.document_name || m.knowledge_document_unnamed()}
                  </Text>
                  <HeadlineText headline={p.headline} excerpt={p.excerpt} lineClamp={6} />
                </Paper>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
