import 'mantine-datatable/styles.css';
import { Box, Text, Tooltip } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { Assistant, AssistantGroup, Paginated, PhoneNumber } from '@contract';
import { AssistantGroupBadges } from '@/components/group-badge';
import { actionsColumn, RECORD_TABLE_LOOK, updatedColumn } from '@/components/record-table';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { attachedToolCount, directionLabel, modeLabel, statusColor, statusLabel } from '../lib/format';
import { AssistantNameLink } from './assistant-name-link';
import { AssistantRowActions } from './row-actions';
import { StatusDot } from './status-dot';
import { PER_PAGE_CHOICES, type PerPage } from '../lib/list-params';

/**
 * One page of assistants from the server. Page and page size are the URL's: the table only reports
 * what the person asked for. The rows on screen stay while the next page loads (`fetching`).
 */
export function AssistantsTable({
  page,
  fetching,
  phoneNumbers,
  folders,
  labels,
  onPageChange,
  onPerPageChange,
  onDelete,
}: {
  page: Paginated<Assistant>;
  fetching: boolean;
  phoneNumbers: ReadonlyMap<number, PhoneNumber>;
  /** The user's folders and labels by id, for the badges. */
  folders: ReadonlyMap<number, AssistantGroup>;
  labels: ReadonlyMap<number, AssistantGroup>;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: PerPage) => void;
  onDelete: (assistant: Assistant) => void;
}) {
  return (
    <DataTable<Assistant>
      {...RECORD_TABLE_LOOK}
      minHeight={page.data.length === 0 ? 180 : undefined}
      records={page.data}
      fetching={fetching}
      aria-label={m.assistants_title()}
      totalRecords={page.total}
      recordsPerPage={page.per_page}
      page={page.current_page}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...PER_PAGE_CHOICES]}
      onRecordsPerPageChange={(n) => onPerPageChange(n as PerPage)}
      recordsPerPageLabel={m.assistants_per_page()}
      // mantine-datatable's own labels are English ("Previous page"): the catalog's, in the chosen language.
      getPaginationControlProps={(control) =>
        control === 'previous' ? { 'aria-label': m.common_page_previous() } : control === 'next' ? { 'aria-label': m.common_page_next() } : {}
      }
      paginationText={({ from, to, totalRecords }) =>
        m.assistants_pagination({ from: formatNumber(from), to: formatNumber(to), total: formatNumber(totalRecords) })
      }
      noRecordsText={m.assistants_no_records_page()}
      columns={[
        {
          accessor: 'name',
          title: m.common_name(),
          render: (a) => (
            <>
              <AssistantNameLink assistant={a} />
              <Text size="xs" c="dimmed" hiddenFrom="xs">
                {directionLabel(a.type)} · {m.assistants_tool_count({ count: formatNumber(attachedToolCount(a)) })}
              </Text>
              {a.folder_id !== null || a.label_ids.length > 0 ? (
                <Box mt={4}>
                  <AssistantGroupBadges folderId={a.folder_id} labelIds={a.label_ids} folders={folders} labels={labels} />
                </Box>
              ) : null}
            </>
          ),
        },
        { accessor: 'type', title: m.assistants_type(), render: (a) => directionLabel(a.type), visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.xs})` },
        { accessor: 'mode', title: m.assistants_mode(), render: (a) => modeLabel(a.mode), visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})` },
        {
          accessor: 'status',
          title: m.common_status(),
          noWrap: true,
          render: (a) => <StatusDot color={statusColor(a.status)}>{statusLabel(a.status)}</StatusDot>,
        },
        { accessor: 'language', title: m.common_language(), render: (a) => a.language || '—', visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})` },
        {
          accessor: 'phone_number_id',
          title: m.assistants_phone_number(),
          noWrap: true,
          render: (a) => {
            if (a.phone_number_id === null) return <Text size="sm" c="dimmed">—</Text>;
            const p = phoneNumbers.get(a.phone_number_id);
            return p?.phone_number ?? `#${a.phone_number_id}`;
          },
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
        },
        {
          accessor: 'tools',
          title: m.assistants_tools(),
          textAlign: 'right',
          render: (a) => formatNumber(attachedToolCount(a)),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.xs})`,
        },
        {
          accessor: 'is_webhook_active',
          title: m.assistants_webhook(),
          noWrap: true,
          render: (a) =>
            a.is_webhook_active ? (
              <Tooltip label={a.webhook_url ?? ''} disabled={!a.webhook_url}>
                <span>
                  <StatusDot color="teal">{m.common_on()}</StatusDot>
                </span>
              </Tooltip>
            ) : (
              <StatusDot color="gray">{m.common_off()}</StatusDot>
            ),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
        },
        updatedColumn(),
        actionsColumn((a) => <AssistantRowActions id={a.id} name={a.name} onDelete={() => onDelete(a)} />),
      ]}
    />
  );
}
