import 'mantine-datatable/styles.css';
import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { KnowledgeBase } from '@contract/knowledge-read';
import { AnchorLink } from '@/components/links';
import { actionsColumn, RECORD_TABLE_LOOK, updatedColumn } from '@/components/record-table';
import { m } from '@/i18n';
import { DASH, formatList, formatNumber } from '@/i18n/format';
import { languageLabel } from './create-knowledge-base-modal';
import { KnowledgeStatusBadge } from './knowledge-status-badge';
import { knowledgeBaseName } from '../lib/names';

/** "3 documents" and, where the service says, how many are still processing or failed. */
function DocumentCounts({ base }: { base: KnowledgeBase }) {
  const by = base.documents_by_status;
  const notes = [
    by && (by.processing ?? 0) > 0 ? m.knowledge_count_processing({ count: formatNumber(by.processing) }) : '',
    by && (by.failed ?? 0) > 0 ? m.knowledge_count_failed({ count: formatNumber(by.failed) }) : '',
  ].filter(Boolean);
  return (
    <Stack gap={0}>
      <Text size="sm">{base.documents_count === null ? DASH : m.knowledge_documents_count({ count: formatNumber(base.documents_count) })}</Text>
      {notes.length > 0 ? (
        <Text size="xs" c="dimmed">
          {formatList(notes, 'unit')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The user's knowledge bases: name (to its page), status, documents, language, last change, delete. */
export function KnowledgeBasesTable({ bases, onDelete }: { bases: KnowledgeBase[]; onDelete: (base: KnowledgeBase) => void }) {
  return (
    <DataTable<KnowledgeBase>
      {...RECORD_TABLE_LOOK}
      records={bases}
      aria-label={m.knowledge_title()}
      columns={[
        {
          accessor: 'name',
          title: m.common_name(),
          render: (b) => (
            <>
              <AnchorLink to="/knowledge/$knowledgeBaseId" params={{ knowledgeBaseId: String(b.id) }} fw={600} size="sm">
                {knowledgeBaseName(b)}
              </AnchorLink>
              {b.description ? (
                <Text size="xs" c="dimmed" lineClamp={2} maw={420}>
                  {b.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { accessor: 'status', title: m.common_status(), render: (b) => <KnowledgeStatusBadge status={b.status} hostLabel={b.status_label} /> },
        { accessor: 'documents_count', title: m.knowledge_col_documents(), render: (b) => <DocumentCounts base={b} /> },
        {
          accessor: 'language',
          title: m.knowledge_field_language(),
          render: (b) => (b.language ? languageLabel(b.language) : DASH),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        updatedColumn(),
        actionsColumn((b) => (
          <Tooltip label={m.knowledge_delete_named({ name: knowledgeBaseName(b) })} withArrow>
            <ActionIcon variant="subtle" color="red" aria-label={m.knowledge_delete_named({ name: knowledgeBaseName(b) })} onClick={() => onDelete(b)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )),
      ]}
    />
  );
}
