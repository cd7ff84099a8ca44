import { Table, Text } from '@mantine/core';
import type { ProgressPoint } from '@contract/live';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { describeBucket, seriesRows } from '../lib/series';

/** The chart's numbers as a table: the text alternative to the chart. */
export function CampaignProgressTable({ series, bucketSeconds }: { series: readonly ProgressPoint[]; bucketSeconds: number | null }) {
  const rows = seriesRows(series, bucketSeconds);
  const bucket = describeBucket(bucketSeconds, 'row');
  return (
    <Table.ScrollContainer minWidth={360} mah={320}>
      <Table striped verticalSpacing={4} data-testid="progress-series-table" stickyHeader>
        {bucket ? (
          <Table.Caption>
            <Text span size="xs" c="dimmed">
              {bucket}
            </Text>
          </Table.Caption>
        ) : null}
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.campaigns_series_from()}</Table.Th>
            <Table.Th scope="col" ta="right">
              {m.campaigns_series_calls()}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {m.campaigns_series_answered()}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {m.campaigns_series_completed_leads()}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.calls)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.answered)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.completed_leads)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
