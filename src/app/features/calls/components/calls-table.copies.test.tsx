import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CALL as CALL } from '../test/sample-call';
import { markupOf, markupTree } from '@/test/markup';
import { renderInConsole } from '@/test/variants';
import { CALL_COLUMNS, CallsTable } from './calls-table';

/*
 * The call log's table draws its heading cells and its rows as plain <thead>/<tr>/<th>/<td> with the
 * classes and data attributes Mantine's Table.Thead, Table.Tr, Table.Th and Table.Td set (hand copies,
 * kept for render speed: README, "Copies of library components"). This renders the copy beside those
 * components inside a Table with the same props and fails when what Mantine draws changes.
 */

/** What the table looked like with Mantine's own parts, with the same Table props as CallsTable's. */
function LibraryTable() {
  return (
    <Table highlightOnHover verticalSpacing={6} horizontalSpacing={6} fz={13} data-testid="library-table">
      <Table.Thead>
        <Table.Tr>
          {CALL_COLUMNS.map((c) => (
            <Table.Th key={c.key} style={{ textAlign: 'numeric' in c ? 'right' : undefined, lineHeight: 1.2 }}>
              {c.label()}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          {CALL_COLUMNS.map((c) => (
            <Table.Td key={c.key}>{c.key}</Table.Td>
          ))}
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

async function renderBoth() {
  renderInConsole(() => (
    <>
      <CallsTable calls={[CALL]} skeletonRows={0} stale={false} selectedId={null} onOpen={() => undefined} onPreload={() => undefined} compact={false} stateKey="copies" />
      <LibraryTable />
    </>
  ));
  const copy = await screen.findByTestId('calls-table');
  const library = screen.getByTestId('library-table');
  return { copy, library };
}

describe('the call log table’s copies of Mantine’s Table parts', () => {
  it('draws the heading as Table.Thead, Table.Tr and Table.Th draw it: tags, classes, data attributes, styles', async () => {
    const { copy, library } = await renderBoth();
    const copyHead = copy.querySelector('thead')!;
    const libraryHead = library.querySelector('thead')!;
    expect(copyHead.querySelectorAll('th')).toHaveLength(CALL_COLUMNS.length);
    expect(markupTree(copyHead)).toEqual(markupTree(libraryHead));
    expect(copyHead.textContent).toBe(libraryHead.textContent);
  });

  it('draws a row as Table.Tr and Table.Td draw it: tags, classes and data attributes', async () => {
    const { copy, library } = await renderBoth();
    // The row's own test hooks and its selection state are the call log's, not Mantine's.
    const ignore = ['data-testid', 'data-call-id', 'aria-selected'];
    const row = copy.querySelector('tbody tr')!;
    const libraryRow = library.querySelector('tbody tr')!;
    const shape = (el: Element) => {
      const { tag, classes, attributes } = markupOf(el, { ignore });
      return { tag, classes, attributes };
    };
    expect(shape(row)).toEqual(shape(libraryRow));
    const cells = Array.from(row.children);
    expect(cells).toHaveLength(CALL_COLUMNS.length);
    for (const cell of cells) expect(shape(cell)).toEqual(shape(libraryRow.children[0]!));
  });
});
