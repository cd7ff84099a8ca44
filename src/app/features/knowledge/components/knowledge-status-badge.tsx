import { Badge, Loader, Text } from '@mantine/core';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';
import { knownStatus, type KnownStatus } from '../lib/status';

const COLORS: Record<KnownStatus, string> = { empty: 'gray', processing: 'blue', ready: 'teal', failed: 'red' };

const LABELS: Record<KnownStatus, () => string> = {
  empty: m.knowledge_status_empty,
  processing: m.knowledge_status_processing,
  ready: m.knowledge_status_ready,
  failed: m.knowledge_status_failed,
};

/** A status in the reader's language; one the console does not know in the host's own label, else as sent. */
export function knowledgeStatusLabel(status: string, hostLabel: string | null = null): string {
  const known = knownStatus(status);
  return known ? LABELS[known]() : hostLabel || status || DASH;
}

/** A knowledge base's or document's status: a badge with its word (never colour alone). */
export function KnowledgeStatusBadge({ status, hostLabel = null }: { status: string; hostLabel?: string | null }) {
  const known = knownStatus(status);
  if (!known) {
    return (
      <Text span size="sm" data-testid="knowledge-status" data-status={status}>
        {knowledgeStatusLabel(status, hostLabel)}
      </Text>
    );
  }
  return (
    <Badge
      color={COLORS[known]}
      variant="light"
      tt="none"
      miw="max-content"
      data-testid="knowledge-status"
      data-status={known}
      leftSection={known === 'processing' ? <Loader size={10} color="blue" aria-hidden /> : undefined}
    >
      {LABELS[known]()}
    </Badge>
  );
}
