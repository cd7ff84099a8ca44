import type { ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { m } from '@/i18n';
import { formatInstant } from '@/i18n/format';

/*
 * What the tables of a user's records (assistants, tools) share: their look, the "Updated" column and the
 * row actions on the right.
 */

/** Spread on a DataTable: bordered, rounded, rows lit under the pointer, roomy cells. */
export const RECORD_TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  highlightOnHover: true,
  verticalSpacing: 'sm',
  horizontalSpacing: 'sm',
} as const;

/** A record's timestamp (ISO, or the older `YYYY-MM-DD HH:MM:SS`) as a short local date (and time). */
function formatUpdated(value: string | null, withTime = false): string {
  return formatInstant(value, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

/** When the record last changed: the date, with the time on hover; from the large breakpoint up. */
export function updatedColumn<T extends { updated_at: string | null }>(): DataTableColumn<T> {
  return {
    accessor: 'updated_at',
    title: m.common_updated(),
    noWrap: true,
    render: (r) => <span title={formatUpdated(r.updated_at, true)}>{formatUpdated(r.updated_at)}</span>,
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})`,
  };
}

/** The row's actions, on the right under a heading only screen readers hear. */
export function actionsColumn<T>(render: (record: T) => ReactNode): DataTableColumn<T> {
  return { accessor: 'actions', title: <VisuallyHidden>{m.common_actions()}</VisuallyHidden>, textAlign: 'right', render };
}
