import 'mantine-datatable/styles.css';
import { DataTable } from 'mantine-datatable';
import type { AssistantSummary } from '@contract';
import { actionsColumn, RECORD_TABLE_LOOK, updatedColumn } from '@/components/record-table';
import { m } from '@/i18n';
import { modeLabel, statusColor, statusLabel } from '../lib/format';
import { AssistantNameLink } from './assistant-name-link';
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
      {...RECORD_TABLE_LOOK}
      records={[...assistants]}
      aria-label={m.assistants_outbound_table_label()}
      columns={[
        { accessor: 'name', title: m.common_name(), render: (a) => <AssistantNameLink assistant={a} /> },
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
        updatedColumn(),
        actionsColumn((a) => <AssistantRowActions id={a.id} name={a.name} onDelete={() => onDelete(a)} />),
      ]}
    />
  );
}
