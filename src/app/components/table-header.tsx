import { isValidElement, type ReactNode } from 'react';
import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';

/** A column's title with what its header cell needs besides: a fixed width, right alignment for numbers. */
export type ColumnTitle = ReactNode | ({ title: ReactNode } & Pick<TableThProps, 'w' | 'ta'>);

function isStyledTitle(column: ColumnTitle): column is { title: ReactNode } & Pick<TableThProps, 'w' | 'ta'> {
  return typeof column === 'object' && column !== null && !isValidElement(column) && 'title' in column;
}

/** A plain table's header row: the column titles, then (given its name) a column for the row actions that only screen readers title. */
export function TableHeader({ titles, actions }: { titles: readonly ColumnTitle[]; actions?: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((column, i) => {
          if (!isStyledTitle(column)) return <Table.Th key={i}>{column}</Table.Th>;
          const { title, ...th } = column;
          return (
            <Table.Th key={i} {...th}>
              {title}
            </Table.Th>
          );
        })}
        {actions ? (
          <Table.Th>
            <VisuallyHidden>{actions}</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}
