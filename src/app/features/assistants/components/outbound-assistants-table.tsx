import 'mantine-datatable/styles.css';
import { VisuallyHidden } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { AssistantSummary } from '../../../../contract';
import { AnchorLink } from '../../../components/links';
import { formatUpdated, modeLabel, statusColor } from '../lib/format';
import { AssistantRowActions } from './row-actions';
import { StatusDot } from './status-dot';

/** The outbound assistants (GET /user/assistants/outbound): all of them, one list, no server pages. */
export function OutboundAssistantsTable({
  assistants,
  languageNames,
  voiceNames,
  onDelete,
}: {
  assistants: readonly AssistantSummary[];
  languageNames: ReadonlyMap<number, string>;
  voiceNames: ReadonlyMap<number, string>;
  onDelete: (assistant: AssistantSummary) => void;
}) {
  return (
    <DataTable<AssistantSummary>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="sm"
      records={[...assistants]}
      idAccessor="id"
      aria-label="Outbound assistants"
      columns={[
        {
          accessor: 'name',
          title: 'Name',
          render: (a) => (
            <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(a.id) }} fw={600} size="sm">
              {a.name || `Assistant ${a.id}`}
            </AnchorLink>
          ),
        },
        { accessor: 'mode', title: 'Mode', render: (a) => modeLabel(a.mode) },
        {
          accessor: 'status',
          title: 'Status',
          noWrap: true,
          render: (a) => <StatusDot color={statusColor(a.status)}>{a.status || '—'}</StatusDot>,
        },
        {
          accessor: 'voice_id',
          title: 'Voice',
          render: (a) => (a.voice_id === null ? '—' : (voiceNames.get(a.voice_id) ?? `#${a.voice_id}`)),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
        },
        {
          accessor: 'language_id',
          title: 'Language',
          render: (a) => (a.language_id === null ? '—' : (languageNames.get(a.language_id) ?? `#${a.language_id}`)),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
        },
        {
          accessor: 'is_webhook_active',
          title: 'Webhook',
          render: (a) => <StatusDot color={a.is_webhook_active ? 'teal' : 'gray'}>{a.is_webhook_active ? 'On' : 'Off'}</StatusDot>,
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
