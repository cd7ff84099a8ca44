import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconClockPause, IconDownload } from '@tabler/icons-react';
import type { ImportProgress, ImportResult } from '../../lib/importer';
import { OUTCOME_LABELS, type NotImportedRow } from '../../lib/failed-rows';

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  return <>{Math.max(0, Math.ceil((until - now) / 1000))}</>;
}

export function ImportProgressView({ progress, stopping, onCancel }: { progress: ImportProgress; stopping: boolean; onCancel: () => void }) {
  const pct = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  return (
    <Stack gap="md" data-testid="import-progress">
      <Group justify="space-between" align="flex-end">
        <Text fw={600} aria-live="polite">
          {progress.done} of {progress.total} rows
        </Text>
        <Text size="sm" c="dimmed">
          {progress.created} created · {progress.skipped} skipped · {progress.failed} failed
        </Text>
      </Group>
      <Progress value={pct} size="lg" animated={!stopping} striped aria-label="Import progress" />
      {progress.waitingUntil !== null ? (
        <Alert color="yellow" variant="light" icon={<IconClockPause size={18} aria-hidden />} role="status">
          The service asked to slow down (rate limit). The next row goes in <Countdown until={progress.waitingUntil} /> s; no row is lost.
        </Alert>
      ) : null}
      <Group>
        <Button color="red" variant="light" onClick={onCancel} disabled={stopping}>
          {stopping ? 'Stopping after this row…' : 'Cancel import'}
        </Button>
      </Group>
    </Stack>
  );
}

export function ImportSummary({
  result,
  notImported,
  campaignName,
  onDownload,
  actions,
  compact,
}: {
  result: ImportResult;
  notImported: NotImportedRow[];
  campaignName: string;
  onDownload: () => void;
  actions: React.ReactNode;
  /** Rows as blocks instead of a table (phones). */
  compact?: boolean;
}) {
  const n = notImported.length;
  const seconds = (result.durationMs / 1000).toFixed(1);
  return (
    <Stack gap="md" data-testid="import-summary">
      {result.stoppedBecause ? (
        <Alert color="orange" variant="light" title={result.cancelled ? 'Import cancelled' : 'Import stopped'}>
          {result.stoppedBecause.replace(/^Not sent: /, '')}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Badge size="xl" color="teal" variant="light" tt="none" data-testid="summary-created">
          {result.created} created
        </Badge>
        <Badge size="xl" color="gray" variant="light" tt="none" data-testid="summary-skipped">
          {result.skipped} skipped
        </Badge>
        <Badge size="xl" color={result.failed > 0 ? 'red' : 'gray'} variant="light" tt="none" data-testid="summary-failed">
          {result.failed} failed
        </Badge>
        {result.notSent > 0 ? (
          <Badge size="xl" color="orange" variant="light" tt="none" data-testid="summary-not-sent">
            {result.notSent} not sent
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        Into “{campaignName}” in {seconds} s
        {result.rateLimitWaits > 0 ? `, with ${result.rateLimitWaits} pause${result.rateLimitWaits === 1 ? '' : 's'} for the rate limit` : ''}. Skipped rows
        failed the checks and were not sent; failed rows were refused by the service.
      </Text>
      {notImported.length > 0 ? (
        <>
          <Group>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={onDownload}
              fullWidth={compact}
              // A long label wraps on a phone instead of being cut off.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              Download the {n} {n === 1 ? 'row' : 'rows'} not imported (CSV)
            </Button>
          </Group>
          {compact ? (
            <Stack gap="xs" data-testid="not-imported-rows" mah={420} style={{ overflowY: 'auto' }}>
              {notImported.map(({ row, outcome }) => (
                <Card key={row.index} withBorder padding="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      Row {row.rowNumber}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }} ta="right">
                      {row.phone || '—'}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {OUTCOME_LABELS[outcome.status]}
                  </Text>
                  <Text size="xs">{outcome.reason}</Text>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560} mah={360}>
              <Table verticalSpacing={4} striped data-testid="not-imported-rows" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Row</Table.Th>
                    <Table.Th w={180}>Phone in the file</Table.Th>
                    <Table.Th w={150}>Outcome</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {notImported.map(({ row, outcome }) => (
                    <Table.Tr key={row.index}>
                      <Table.Td>{row.rowNumber}</Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {row.phone}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{OUTCOME_LABELS[outcome.status]}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{outcome.reason}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      ) : (
        <Text size="sm">Every row was imported.</Text>
      )}
      <Group>{actions}</Group>
    </Stack>
  );
}
