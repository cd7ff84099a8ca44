import { Code, Table, Text } from '@mantine/core';
import { Fragment, useMemo, type ReactNode } from 'react';
import { m } from '@/i18n';
import { DASH } from '@/lib/call-format';
import { keyValues } from '@/lib/key-values';

/*
 * Keys are snake_case words ("appointment_booked"): on a phone the key column is ~120 px, and breaking
 * anywhere cut them mid-word ("customer_na|me"). A <wbr> after each underscore lets them wrap at the
 * word joins first; copied text stays as it came.
 */
function breakableKey(key: string): ReactNode {
  const parts = key.split('_');
  if (parts.length === 1) return key;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** An object (or a list of {name, value} entries) as a two-column table of text. */
export function KeyValueTable({ data, empty, label }: { data: unknown; empty: string; label: string }) {
  const rows = useMemo(() => keyValues(data), [data]);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label={label} fz="sm">
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={`${row.key}-${i}`}>
            <Table.Th w="35%" style={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
              {breakableKey(row.key)}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {row.structured ? (
                <Code>{row.value}</Code>
              ) : row.value.trim() === '' ? (
                // An empty value is shown as empty, not as a blank cell that looks like a rendering fault.
                <Text span inherit c="dimmed" aria-label={m.calls_empty_value()}>
                  {DASH}
                </Text>
              ) : (
                row.value
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
