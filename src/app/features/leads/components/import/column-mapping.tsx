import { Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
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

  const targetSelect = (header: string, m: ColumnMapping, i: number) => (
    <Select
      aria-label={`Use column ${header} as`}
      data={TARGETS.map((t) => ({ value: t, label: targetLabel(t) }))}
      value={m.target}
      onChange={(v) => v && setTarget(i, v as ColumnTarget)}
      allowDeselect={false}
      size="xs"
    />
  );
  const keyInput = (header: string, m: ColumnMapping, i: number) =>
    m.target === 'variable' ? (
      <TextInput
        aria-label={`Variable name for column ${header}`}
        value={m.key}
        onChange={(e) => set(i, { key: e.currentTarget.value })}
        size="xs"
        error={m.key.trim() === ''}
      />
    ) : null;

  // On a phone a table cell left the choice too narrow to read ("Customer nam…"): each column gets a
  // block of its own, the choices under its name at full width.
  if (compact) {
    return (
      <Stack gap={0} data-testid="column-mapping">
        {csv.headers.map((header, i) => {
          const m = mapping[i]!;
          return (
            <Stack key={i} gap={4} py="xs" data-testid="mapping-row" style={{ borderTop: i > 0 ? '1px solid var(--mantine-color-default-border)' : undefined }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {header}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                {samples(csv, i).join(' · ') || 'empty'}
              </Text>
              <SimpleGrid cols={m.target === 'variable' ? 2 : 1} spacing="xs">
                {targetSelect(header, m, i)}
                {keyInput(header, m, i)}
              </SimpleGrid>
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="column-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Sample values</Table.Th>
            <Table.Th w={190}>Use as</Table.Th>
            <Table.Th w={220}>Variable name</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {csv.headers.map((header, i) => {
            const m = mapping[i]!;
            return (
              <Table.Tr key={i} data-testid="mapping-row">
                <Table.Td>
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                    {header}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                    {samples(csv, i).join(' · ') || 'empty'}
                  </Text>
                </Table.Td>
                <Table.Td>{targetSelect(header, m, i)}</Table.Td>
                <Table.Td>{keyInput(header, m, i)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
