import { Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { memo, type MouseEvent } from 'react';
import type { Call } from '@contract/call';
import { m } from '@/i18n';
import { DASH, formatCallTimeShort, formatCost, formatDuration, joinParts } from '@/lib/call-format';
import { answeredByLabel, typeLabel } from '@/lib/call-labels';
import { PhoneNumber, phoneNumber } from '@/components/phone-number';
import { CallStatusBadge } from '@/components/call-status-badge';
import { CallLink } from './call-link';

/** The table's columns: a key, the heading (a message, read at render time) and whether it holds numbers. */
export const CALL_COLUMNS = [
  { key: 'created_at', label: m.calls_col_date_time },
  { key: 'type', label: m.calls_col_type },
  { key: 'status', label: m.common_status },
  { key: 'assistant', label: m.calls_col_assistant },
  { key: 'campaign', label: m.calls_col_campaign },
  { key: 'client_number', label: m.calls_col_client_number },
  { key: 'assistant_number', label: m.calls_col_assistant_number },
  { key: 'duration', label: m.calls_col_duration, numeric: true },
  { key: 'answered_by', label: m.calls_col_answered_by },
  { key: 'total_cost', label: m.calls_col_total_cost, numeric: true },
] as const satisfies readonly { key: string; label: () => string; numeric?: boolean }[];

export interface CallsTableProps {
  calls: readonly Call[] | undefined;
  /** Rows of skeleton while the first page loads. */
  skeletonRows: number;
  /** The rows on screen belong to the previous filter or page while the new one loads. */
  stale: boolean;
  selectedId: number | null;
  onOpen: (call: Call) => void;
  /** The pointer rests on a call's link (or it has the focus): the call is likely opened next. */
  onPreload: (call: Call) => void;
  /** Narrow screens get a list of cards instead of ten columns. */
  compact: boolean;
  /** Describes the data on screen, for tests and the benchmark. */
  stateKey: string;
}

function openOnRowClick(e: MouseEvent, call: Call, onOpen: (call: Call) => void) {
  // The link in the first cell handles its own clicks (and middle/ctrl clicks open a tab).
  if ((e.target as HTMLElement).closest('a,button')) return;
  if (window.getSelection()?.toString()) return;
  onOpen(call);
}

function SkeletonRows({ rows }: { rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={i} aria-hidden>
          {CALL_COLUMNS.map((c) => (
            <Table.Td key={c.key}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

interface RowsProps {
  calls: readonly Call[];
  selectedId: number | null;
  onOpen: (call: Call) => void;
  onPreload: (call: Call) => void;
}

interface RowProps {
  call: Call;
  /** A boolean, not the selected id: opening a call redraws two rows, not all of them. */
  selected: boolean;
  onOpen: (call: Call) => void;
  onPreload: (call: Call) => void;
}

/*
 * One memoised component per row, keyed by the call's id: a live refresh (every few seconds while a
 * call is live) redraws only the rows whose call object changed (the query keeps unchanged rows'
 * objects, structural sharing), and opening a call only the rows whose `selected` flips. The callbacks
 * come from the page as stable functions (useCallback), so they never count as a change.
 */
const CardRow = memo(function CardRow({ call, selected, onOpen, onPreload }: RowProps) {
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-testid="call-row"
      data-call-id={call.id}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      onClick={(e: MouseEvent) => openOnRowClick(e, call, onOpen)}
      style={{ cursor: 'pointer' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <CallLink call={call} current={selected} onOpen={onOpen} onIntent={onPreload}>
          {formatCallTimeShort(call.created_at)}
        </CallLink>
        <CallStatusBadge status={call.status} />
      </Group>
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <PhoneNumber value={call.client_phone_number} />
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {joinParts([formatDuration(call.duration), formatCost(call.total_cost, true)])}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {joinParts([typeLabel(call.type), call.assistant_name, call.campaign_name])}
      </Text>
    </Paper>
  );
});

/*
 * The row lists are memoised apart from the table too: while the next filter loads, the table only
 * changes its state (dimmed, aria-busy) and the rows on screen are not visited at all.
 */
const CardRows = memo(function CardRows({ calls, selectedId, onOpen, onPreload }: RowsProps) {
  return (
    <>
      {calls.map((call) => (
        <CardRow key={call.id} call={call} selected={call.id === selectedId} onOpen={onOpen} onPreload={onPreload} />
      ))}
    </>
  );
});

/*
 * Rows of plain elements with the Table's own classes: a Mantine Table.Td per cell (150 a page, up to
 * 1,000 at 100 a page) was most of the render after each filter change. Hover and borders come from
 * the same classes and data attributes Table.Tr and Table.Td set.
 */
// Mantine's module class and its static one (mantine-Table-*), as Table.Tr and Table.Td set both
// (calls-table.copies.test.tsx compares them).
const TR = `${Table.classes.tr} mantine-Table-tr`;
const TD = `${Table.classes.td} mantine-Table-td`;
const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
const TRUNCATE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const TRUNCATE_DIMMED = { ...TRUNCATE, color: 'var(--mantine-color-dimmed)' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const ROW = { cursor: 'pointer' } as const;
const ROW_SELECTED = { cursor: 'pointer', background: 'var(--mantine-color-blue-light)' } as const;
const ASSISTANT_WIDTH = { maxWidth: 104 } as const;
const CAMPAIGN_WIDTH = { maxWidth: 92 } as const;

/*
 * The row's cells are elements placed by the row, not components of their own (a truncated name, a phone
 * number, the time): after a filter change the row is drawn once and its cells with it, where a
 * component per cell added five renders a row to the answer's commit.
 */
function truncated(value: string | null, width: { maxWidth: number }) {
  return (
    <td className={TD} style={width}>
      <span style={value ? TRUNCATE : TRUNCATE_DIMMED} title={value ?? undefined}>
        {value || DASH}
      </span>
    </td>
  );
}

const TableRow = memo(function TableRow({ call, selected, onOpen, onPreload }: RowProps) {
  return (
    <tr
      className={TR}
      data-with-row-border
      data-hover
      data-testid="call-row"
      data-call-id={call.id}
      aria-selected={selected}
      onClick={(e: MouseEvent) => openOnRowClick(e, call, onOpen)}
      style={selected ? ROW_SELECTED : ROW}
    >
      <td className={TD} style={NOWRAP}>
        <CallLink call={call} current={selected} onOpen={onOpen} onIntent={onPreload}>
          {formatCallTimeShort(call.created_at)}
        </CallLink>
      </td>
      <td className={TD}>{typeLabel(call.type)}</td>
      <td className={TD}>
        <CallStatusBadge status={call.status} />
      </td>
      {truncated(call.assistant_name, ASSISTANT_WIDTH)}
      {truncated(call.campaign_name, CAMPAIGN_WIDTH)}
      <td className={TD}>{phoneNumber(call.client_phone_number)}</td>
      <td className={TD}>{phoneNumber(call.assistant_phone_number)}</td>
      <td className={TD} style={NUMERIC}>
        {formatDuration(call.duration)}
      </td>
      <td className={TD}>{answeredByLabel(call.answered_by)}</td>
      <td className={TD} style={NUMERIC}>
        {formatCost(call.total_cost, true)}
      </td>
    </tr>
  );
});

const TableRows = memo(function TableRows({ calls, selectedId, onOpen, onPreload }: RowsProps) {
  return (
    <>
      {calls.map((call) => (
        <TableRow key={call.id} call={call} selected={call.id === selectedId} onOpen={onOpen} onPreload={onPreload} />
      ))}
    </>
  );
});

const THEAD = `${Table.classes.thead} mantine-Table-thead`;
const TH = `${Table.classes.th} mantine-Table-th`;
const TH_TEXT = { lineHeight: 1.2 } as const;
const TH_NUMERIC = { textAlign: 'right', lineHeight: 1.2 } as const;

/*
 * The column headings, plain elements with the Table's classes as the rows: Mantine's Table.Th read the
 * Table's context, which is new on each render of the table (its data-state, its opacity), so ten
 * heading cells were drawn again with every page of calls although they never change.
 */
const TableHead = memo(function TableHead() {
  return (
    <thead className={THEAD}>
      <tr className={TR} data-with-row-border data-hover>
        {CALL_COLUMNS.map((c) => (
          <th key={c.key} className={TH} style={'numeric' in c ? TH_NUMERIC : TH_TEXT}>
            {c.label()}
          </th>
        ))}
      </tr>
    </thead>
  );
});

export function CallsTable(props: CallsTableProps) {
  const { calls, skeletonRows, stale, selectedId, onOpen, onPreload, compact, stateKey } = props;
  const loading = calls === undefined;
  const common = {
    'data-testid': 'calls-table',
    'data-state': loading ? 'loading' : stale ? 'stale' : 'fresh',
    'data-key': stateKey,
    'aria-busy': loading || stale,
  };

  if (compact) {
    return (
      <Stack gap="xs" {...common} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {loading ? (
          Array.from({ length: Math.min(skeletonRows, 6) }, (_, i) => <Skeleton key={i} height={72} radius="md" />)
        ) : (
          <CardRows calls={calls} selectedId={selectedId} onOpen={onOpen} onPreload={onPreload} />
        )}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing={6}
        fz={13}
        {...common}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <TableHead />
        <Table.Tbody>
          {loading ? (
            <SkeletonRows rows={skeletonRows} />
          ) : (
            <TableRows calls={calls} selectedId={selectedId} onOpen={onOpen} onPreload={onPreload} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
