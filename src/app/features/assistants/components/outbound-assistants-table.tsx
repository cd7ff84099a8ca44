import 'mantine-datatable/styles.css';
import { VisuallyHidden } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { AssistantSummary } from '@contract';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { assistantName, formatUpdated, modeLabel, statusColor, statusLabel } from '../lib/format';
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
      aria-label={m.assistants_outbound_table_label()}
      columns={[
        {
          accessor: 'name',
          title: m.common_name(),
          render: (a) => (
            <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(a.id) }} fw={600} size="sm">
              {assistantName(a)}
            </AnchorLink>
          ),
        },
        { accessor: 'mode', title: m.assistants_mode(), render: (a) => modeLabel(a.mode) },
        {
          accessor: 'status',
          title: m.common_status(),
          noWrap: true,
          render: (a) => <StatusDot color={statusColor(a.status)}>{statusLabel(a.status)}</StatusDot>,
        },
        {
          accessor: 'voice_id',
          title: m.assistants_voice(),
          render: (a) => (a.voice_id === null ? '—' : (voiceNames.get(a.voice_id) ?? `#${a.voice_id}`)),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
        },
        {
          accessor: 'language_id',
          title: m.common_language(),
          render: (a) => (a.language_id === null ? '—' : (languageNames.get(a.language_id) ?? `#${a.language_id}`)),
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
        },
        {
          accessor: 'is_webhook_active',
          title: m.assistants_webhook(),
          render: (a) => <StatusDot color={a.is_webhook_active ? 'teal' : 'gray'}>{a.is_webhook_active ? m.common_on() : m.common_off()}</StatusDot>,
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
        },
        {
          accessor: 'updated_at',
          title: m.common_updated(),
          noWrap: true,
          render: (a) => <span title={formatUpdated(a.updated_at, true)}>{formatUpdated(a.updated_at)}</span>,
          visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})`,
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>{m.common_actions()}</VisuallyHidden>,
          textAlign: 'right',
          render: (a) => <AssistantRowActions id={a.id} name={a.name} onDelete={() => onDelete(a)} />,
        },
      ]}
    />
  );
}
