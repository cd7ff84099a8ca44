import { useState } from 'react';
import { Badge, Card, Group, List, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import type { CheckedRow, RowProblemKind, ValidationSummary } from '../../lib/row-validation';

type Show = 'failing' | 'warnings' | 'all';
const PER_PAGE = 50;

function RowResult({ row }: { row: CheckedRow }) {
  if (row.problems.length === 0 && row.warnings.length === 0) {
    return (
      <Badge color="teal" variant="light" tt="none">
        {m.leads_preview_ready()}
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      {row.problems.map((p, i) => (
        <Text key={`p${i}`} size="xs" c="red" data-testid="row-problem" data-kind={p.kind}>
          {p.message}
        </Text>
      ))}
      {row.warnings.map((w, i) => (
        <Text key={`w${i}`} size="xs" c="orange">
          {w}
        </Text>
      ))}
    </Stack>
  );
}

/** A row's name and email on one line, set apart by a middle dot. */
function nameAndEmail(row: CheckedRow): string {
  return [row.variables.customer_name, row.variables.email].filter(Boolean).join(' · ');
}

/** Every row as it will be sent, and every row that will not, with why. */
export function ImportPreview({ rows, summary, compact }: { rows: CheckedRow[]; summary: ValidationSummary; compact?: boolean }) {
  const [show, setShow] = useState<Show>(summary.failing > 0 ? 'failing' : 'all');
  const [page, setPage] = useState(1);
  const shown = rows.filter((r) => (show === 'failing' ? r.problems.length > 0 : show === 'warnings' ? r.warnings.length > 0 : true));
  const pages = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PER_PAGE, current * PER_PAGE);

  const kinds: [RowProblemKind, string][] = [
    ['invalid-phone', m.leads_preview_kind_invalid_phone()],
    ['missing-phone', m.leads_preview_kind_missing_phone()],
    ['duplicate-in-file', m.leads_preview_kind_duplicate_in_file()],
    ['duplicate-in-campaign', m.leads_preview_kind_duplicate_in_campaign()],
    ['value-too-long', m.leads_preview_kind_value_too_long()],
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" data-testid="preview-summary">
        <Badge color="teal" variant="light" size="lg" tt="none" data-testid="preview-ready">
          {m.leads_preview_ready_count({ count: formatNumber(summary.ready) })}
        </Badge>
        <Badge color={summary.failing > 0 ? 'red' : 'gray'} variant="light" size="lg" tt="none" data-testid="preview-failing">
          {m.leads_preview_failing_count({ count: formatNumber(summary.failing) })}
        </Badge>
        {summary.warnings > 0 ? (
          <Badge color="orange" variant="light" size="lg" tt="none">
            {m.leads_preview_warning_count({ count: formatNumber(summary.warnings) })}
          </Badge>
        ) : null}
      </Group>
      {summary.failing > 0 ? (
        <List size="sm" spacing={2}>
          {kinds
            .filter(([k]) => summary.byKind[k] > 0)
            .map(([k, label]) => (
              <List.Item key={k}>
                {formatNumber(summary.byKind[k])} {label}
              </List.Item>
            ))}
        </List>
      ) : null}
      <SegmentedControl
        value={show}
        onChange={(v) => {
          setShow(v as Show);
          setPage(1);
        }}
        data={[
          { value: 'failing', label: m.leads_preview_show_failing({ count: formatNumber(summary.failing) }) },
          { value: 'warnings', label: m.leads_preview_show_warnings({ count: formatNumber(summary.warnings) }) },
          { value: 'all', label: m.leads_preview_show_all({ count: formatNumber(summary.total) }) },
        ]}
        size="xs"
        w="fit-content"
        maw="100%"
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {show === 'failing' ? m.leads_preview_all_pass() : m.leads_preview_no_row()}
        </Text>
      ) : compact ? (
        <Stack gap="xs" data-testid="preview-rows">
          {slice.map((row) => (
            <Card key={row.index} withBorder padding="xs" data-testid="preview-row" data-row={row.rowNumber} data-failing={row.problems.length > 0}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  {m.leads_row_n({ n: row.rowNumber })}
                </Text>
                <Text size="sm" ff="monospace" truncate>
                  {row.e164 ?? row.phone}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {nameAndEmail(row)}
              </Text>
              <RowResult row={row} />
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={6} striped data-testid="preview-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{m.leads_col_row()}</Table.Th>
                <Table.Th>{m.leads_col_phone_in_file()}</Table.Th>
                <Table.Th>{m.leads_col_sent_as()}</Table.Th>
                <Table.Th>{m.leads_field_customer_name()}</Table.Th>
                <Table.Th>{m.leads_field_email()}</Table.Th>
                <Table.Th>{m.leads_col_check()}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slice.map((row) => (
                <Table.Tr key={row.index} data-testid="preview-row" data-row={row.rowNumber} data-failing={row.problems.length > 0}>
                  <Table.Td>{row.rowNumber}</Table.Td>
                  <Table.Td miw={140}>
                    {/* Breaks only where a long value must, not inside a number. */}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.phone}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {row.e164 ?? DASH}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={180}>
                    <Text size="sm" truncate>
                      {row.variables.customer_name ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={200}>
                    <Text size="sm" truncate>
                      {row.variables.email ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={360}>
                    <RowResult row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => (control === 'previous' ? { 'aria-label': m.common_previous() } : control === 'next' ? { 'aria-label': m.common_next() } : {})}
        />
      ) : null}
    </Stack>
  );
}
