import { Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { m } from '@/i18n';
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

/** The samples on one line, set apart by a middle dot (punctuation: the same in every language). */
function sampleText(csv: ParsedCsv, column: number): string {
  return samples(csv, column).join(' · ');
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
  const set = (i: number, patch: Partial<ColumnMapping>) => onChange(mapping.map((col, j) => (j === i ? { ...col, ...patch } : col)));
  const setTarget = (i: number, target: ColumnTarget) => {
    // One column per field: taking phone, name or email from another column frees the old one as a variable.
    onChange(
      mapping.map((col, j) => {
        if (j === i) return { ...col, target, key: target === 'variable' && col.key.trim() === '' ? toVariableKey(csv.headers[i] ?? '') : col.key };
        if (target !== 'variable' && target !== 'ignore' && col.target === target) return { ...col, target: 'variable', key: col.key || toVariableKey(csv.headers[j] ?? '') };
        return col;
      }),
    );
  };

  const targetSelect = (header: string, col: ColumnMapping, i: number) => (
    <Select
      aria-label={m.leads_mapping_use_column_as({ header })}
      data={TARGETS.map((t) => ({ value: t, label: targetLabel(t) }))}
      value={col.target}
      onChange={(v) => v && setTarget(i, v as ColumnTarget)}
      allowDeselect={false}
      size="xs"
    />
  );
  const keyInput = (header: string, col: ColumnMapping, i: number) =>
    col.target === 'variable' ? (
      <TextInput
        aria-label={m.leads_mapping_variable_name_for({ header })}
        value={col.key}
        onChange={(e) => set(i, { key: e.currentTarget.value })}
        size="xs"
        error={col.key.trim() === ''}
      />
    ) : null;

  // On a phone a table cell left the choice too narrow to read ("Customer nam…"): each column gets a
  // block of its own, the choices under its name at full width.
  if (compact) {
    return (
      <Stack gap={0} data-testid="column-mapping">
        {csv.headers.map((header, i) => {
          const col = mapping[i]!;
          return (
            <Stack key={i} gap={4} py="xs" data-testid="mapping-row" style={{ borderTop: i > 0 ? '1px solid var(--mantine-color-default-border)' : undefined }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {header}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                {sampleText(csv, i) || m.leads_mapping_empty()}
              </Text>
              <SimpleGrid cols={col.target === 'variable' ? 2 : 1} spacing="xs">
                {targetSelect(header, col, i)}
                {keyInput(header, col, i)}
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
            <Table.Th>{m.leads_mapping_column()}</Table.Th>
            <Table.Th>{m.leads_mapping_samples()}</Table.Th>
            <Table.Th w={190}>{m.leads_mapping_use_as()}</Table.Th>
            <Table.Th w={220}>{m.leads_mapping_variable_name()}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {csv.headers.map((header, i) => {
            const col = mapping[i]!;
            return (
              <Table.Tr key={i} data-testid="mapping-row">
                <Table.Td>
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                    {header}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                    {sampleText(csv, i) || m.leads_mapping_empty()}
                  </Text>
                </Table.Td>
                <Table.Td>{targetSelect(header, col, i)}</Table.Td>
                <Table.Td>{keyInput(header, col, i)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
