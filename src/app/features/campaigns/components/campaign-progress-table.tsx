import { Table, Text } from '@mantine/core';
import type { ProgressPoint } from '../../../../contract/live';
import { describeBucket, seriesRows } from '../lib/series';

/** The chart's numbers as a table: the text alternative to the chart. */
export function CampaignProgressTable({ series, bucketSeconds }: { series: readonly ProgressPoint[]; bucketSeconds: number | null }) {
  const rows = seriesRows(series, bucketSeconds);
  const bucket = describeBucket(bucketSeconds);
  return (
    <Table.ScrollContainer minWidth={360} mah={320}>
      <Table striped verticalSpacing={4} data-testid="progress-series-table" stickyHeader>
        {bucket ? (
          <Table.Caption>
            <Text span size="xs" c="dimmed">
              {bucket.replace('Each bar is', 'Each row is')}, in this browser’s time.
            </Text>
          </Table.Caption>
        ) : null}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From</Table.Th>
            <Table.Th ta="right">Calls</Table.Th>
            <Table.Th ta="right">Answered</Table.Th>
            <Table.Th ta="right">Leads completed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{r.calls}</Table.Td>
              <Table.Td ta="right">{r.answered}</Table.Td>
              <Table.Td ta="right">{r.completed_leads}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
