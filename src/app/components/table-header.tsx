import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';

/** A plain table's header row: the column titles, then (given its name) a column for the row actions that only screen readers title. */
export function TableHeader({ titles, actions }: { titles: readonly ReactNode[]; actions?: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((title, i) => (
          <Table.Th key={i}>{title}</Table.Th>
        ))}
        {actions ? (
          <Table.Th>
            <VisuallyHidden>{actions}</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}
