import 'mantine-datatable/styles.css';
import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { KnowledgeDocument } from '@contract/knowledge-read';
import { actionsColumn, RECORD_TABLE_LOOK } from '@/components/record-table';
import { m } from '@/i18n';
import { DASH, formatInstant } from '@/i18n/format';
import { formatFileSize } from '../lib/file-size';
import { knownStatus } from '../lib/status';
import { isHttpUrl } from '../lib/website-links';
import { KnowledgeStatusBadge } from './knowledge-status-badge';
import { documentName } from './use-delete-knowledge';

const TYPE_LABELS: Record<string, () => string> = {
  website: m.knowledge_type_website,
  pdf: () => 'PDF',
  docx: () => 'DOCX',
  txt: m.knowledge_type_txt,
};

function typeLabel(d: KnowledgeDocument): string {
  return Object.hasOwn(TYPE_LABELS, d.type) ? TYPE_LABELS[d.type]!() : d.type_label || d.type || DASH;
}

/** When it last changed (or was added): the date and time, in the reader's language. */
const when = (d: KnowledgeDocument) => d.updated_at ?? d.created_at;

/**
 * A knowledge base's documents: name (and its address for a website), type, status with the reason a
 * failed one gives, size, when; rename and delete on the right.
 */
export function DocumentsTable({
  documents,
  onRename,
  onDelete,
}: {
  documents: KnowledgeDocument[];
  onRename: (d: KnowledgeDocument) => void;
  onDelete: (d: KnowledgeDocument) => void;
}) {
  return (
    <DataTable<KnowledgeDocument>
      {...RECORD_TABLE_LOOK}
      records={documents}
      aria-label={m.knowledge_documents_title()}
      columns={[
        {
          accessor: 'name',
          title: m.common_name(),
          render: (d) => (
            <Stack gap={0} maw={420}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {documentName(d)}
              </Text>
              {d.url && isHttpUrl(d.url) ? (
                <Anchor href={d.url} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed" truncate="end" title={d.url}>
                  {d.url}
                </Anchor>
              ) : null}
            </Stack>
          ),
        },
        {
          accessor: 'type',
          title: m.knowledge_col_type(),
          render: (d) => (
            <Badge variant="outline" color="gray" size="sm" radius="sm" tt="none">
              {typeLabel(d)}
            </Badge>
          ),
        },
        {
          accessor: 'status',
          title: m.common_status(),
          render: (d) => (
            <Stack gap={2} maw={320}>
              <KnowledgeStatusBadge status={d.status} hostLabel={d.status_label} />
              {knownStatus(d.status) === 'failed' ? (
                <Text size="xs" c="red.7" data-testid="document-error" style={{ overflowWrap: 'anywhere' }}>
                  {d.error || m.knowledge_failed_no_reason()}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        {
          accessor: 'size_bytes',
          title: m.knowledge_col_size(),
          textAlign: 'right',
          noWrap: true,
          render: (d) => formatFileSize(d.size_bytes),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'updated_at',
          title: m.knowledge_col_when(),
          noWrap: true,
          render: (d) => formatInstant(when(d)),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        actionsColumn((d) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={m.knowledge_rename_named({ name: documentName(d) })} withArrow>
              <ActionIcon variant="subtle" aria-label={m.knowledge_rename_named({ name: documentName(d) })} onClick={() => onRename(d)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={m.knowledge_delete_named({ name: documentName(d) })} withArrow>
              <ActionIcon variant="subtle" color="red" aria-label={m.knowledge_delete_named({ name: documentName(d) })} onClick={() => onDelete(d)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )),
      ]}
    />
  );
}
