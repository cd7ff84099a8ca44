import type { ReactNode } from 'react';
import { Table, type TableProps, type TableScrollContainerProps } from '@mantine/core';
import { TableHeader, type ColumnTitle } from './table-header';

/**
 * The console's plain table: it scrolls sideways below `minWidth` rather than squeezing its columns, titles
 * them in one header row (see TableHeader) and holds the rows it is given in one body. `scroll` takes the
 * rest of the scroll container's props (native scrollbars, a height); the other props go to the table.
 */
export function ScrollTable({
  minWidth,
  scroll,
  titles,
  actions,
  children,
  ...table
}: Omit<TableProps, 'children'> & {
  minWidth: TableScrollContainerProps['minWidth'];
  scroll?: Omit<TableScrollContainerProps, 'minWidth' | 'children'>;
  titles: readonly ColumnTitle[];
  /** The name of a last column of row actions, heard by screen readers only. */
  actions?: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} {...scroll}>
      <Table {...table}>
        <TableHeader titles={titles} actions={actions} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
