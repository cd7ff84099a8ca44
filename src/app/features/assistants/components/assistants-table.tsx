import 'mantine-datatable/styles.css';
import { Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { Assistant, Paginated, PhoneNumber } from '../../../../contract';
import { AnchorLink } from '../../../components/links';
import { attachedToolCount, directionLabel, formatUpdated, modeLabel, statusColor } from '../lib/format';
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
  onPageChange,
  onPerPageChange,
  onDelete,
}: {
  page: Paginated<Assistant>;
  fetching: boolean;
  phoneNumbers: ReadonlyMap<number, PhoneNumber>;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: PerPage) => void;
  onDelete: (assistant: Assistant) => void;
}) {
  return (
    <DataTable<Assistant>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="sm"
      minHeight={page.data.length === 0 ? 180 : undefined}
      records={page.data}
      idAccessor="id"
      fetching={fetching}
      aria-label="Assistants"
      totalRecords={page.total}
      recordsPerPage={page.per_page}
      page={page.current_page}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...PER_PAGE_CHOICES]}
      onRecordsPerPageChange={(n) => onPerPageChange(n as PerPage)}
      recordsPerPageLabel="Per page"
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      noRecordsText="No assistants on this page"
      columns={[
        {
          accessor: 'name',
          title: 'Name',
          render: (a) => (
            <>
              <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(a.id) }} fw={600} size="sm">
                {a.name || `Assistant ${a.id}`}
              </AnchorLink>
              <Text size="xs" c="dimmed" hiddenFrom="xs">
                {directionLabel(a.type)} · {attachedToolCount(a)} tool{attachedToolCount(a) === 1 ? '' : 's'}
              </Text>
            </>
          ),
        },
        { accessor: 'type', title: 'Type', render: (a) => directionLabel(a.type), visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.xs})` },
        { accessor: 'mode', title: 'Mode', render: (a) => modeLabel(a.mode), visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})` },
        {
          accessor: 'status',
          title: 'Status',
          noWrap: true,
          render: (a) => <StatusDot color={statusColor(a.status)}>{a.status || '—'}</StatusDot>,
        },
        { accessor: 'language', title: 'Language', render: (a) => a.language || '—', visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})` },
        {
          accessor: 'phone_number_id',
          title: 'Phone number',
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
          title: 'Tools',
          textAlign: 'right',
          render: (a) => attachedToolCount(a),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.xs})`,
        },
        {
          accessor: 'is_webhook_active',
          title: 'Webhook',
          noWrap: true,
          render: (a) =>
            a.is_webhook_active ? (
              <Tooltip label={a.webhook_url ?? ''} disabled={!a.webhook_url}>
                <span>
                  <StatusDot color="teal">On</StatusDot>
                </span>
              </Tooltip>
            ) : (
              <StatusDot color="gray">Off</StatusDot>
            ),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
        },
        {
          accessor: 'updated_at',
          title: 'Updated',
          noWrap: true,
          render: (a) => <span title={formatUpdated(a.updated_at, true)}>{formatUpdated(a.updated_at)}</span>,
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})`,
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>Actions</VisuallyHidden>,
          textAlign: 'right',
          render: (a) => <AssistantRowActions id={a.id} name={a.name} onDelete={() => onDelete(a)} />,
        },
      ]}
    />
  );
}
