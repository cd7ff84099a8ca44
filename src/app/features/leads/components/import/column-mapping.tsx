import { Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { targetLabel, toVariableKey, type ColumnMapping, type ColumnTarget, type ParsedCsv } from '../../lib/csv-mapping';

const TARGETS: ColumnTarget[] = ['phone', 'customer_name', 'email', 'variable', 'ignore'];

/** Up to three non-empty sample values of a column. */
function samples(csv: ParsedCsv, column: number): string[] {
  const out: string[] = [];
  for (const row of csv.rows) {
    const v = (row[column] ?? '').trim();
    if (v !== '') out.push(v);
    if (out.length === 3) break;
  }
  return out;
}

export function ColumnMappingTable({
  csv,
  mapping,
  onChange,
  compact,
}: {
  csv: ParsedCsv;
  mapping: ColumnMapping[];
  onChange: (mapping: ColumnMapping[]) => void;
  compact?: boolean;
}) {
  const set = (i: number, patch: Partial<ColumnMapping>) => onChange(mapping.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const setTarget = (i: number, target: ColumnTarget) => {
    // One column per field: taking phone, name or email from another column frees the old one as a variable.
    onChange(
      mapping.map((m, j) => {
        if (j === i) return { ...m, target, key: target === 'variable' && m.key.trim() === '' ? toVariableKey(csv.headers[i] ?? '') : m.key };
        if (target !== 'variable' && target !== 'ignore' && m.target === target) return { ...m, target: 'variable', key: m.key || toVariableKey(csv.headers[j] ?? '') };
        return m;
      }),
    );
  };

  return (
    <Table.ScrollContainer minWidth={compact ? 0 : 640}>
      <Table verticalSpacing="xs" data-testid="column-mapping" layout={compact ? 'fixed' : undefined}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            {compact ? null : <Table.Th>Sample values</Table.Th>}
            <Table.Th w={compact ? '45%' : 190}>Use as</Table.Th>
            {compact ? null : <Table.Th w={220}>Variable name</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {csv.headers.map((header, i) => {
            const m = mapping[i]!;
            const keyInput =
              m.target === 'variable' ? (
                <TextInput
                  aria-label={`Variable name for column ${header}`}
                  value={m.key}
                  onChange={(e) => set(i, { key: e.currentTarget.value })}
                  size="xs"
                  error={m.key.trim() === ''}
                />
              ) : null;
            return (
              <Table.Tr key={i} data-testid="mapping-row">
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                      {header}
                    </Text>
                    {compact ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {samples(csv, i).join(' · ') || 'empty'}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                {compact ? null : (
                  <Table.Td>
                    <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                      {samples(csv, i).join(' · ') || 'empty'}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Stack gap={4}>
                    <Select
                      aria-label={`Use column ${header} as`}
                      data={TARGETS.map((t) => ({ value: t, label: targetLabel(t) }))}
                      value={m.target}
                      onChange={(v) => v && setTarget(i, v as ColumnTarget)}
                      allowDeselect={false}
                      size="xs"
                    />
                    {compact ? keyInput : null}
                  </Stack>
                </Table.Td>
                {compact ? null : <Table.Td>{keyInput}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
