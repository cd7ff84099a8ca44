import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconClockPause, IconDownload } from '@tabler/icons-react';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { stopMessage, type ImportProgress, type ImportResult } from '../../lib/importer';
import { outcomeLabel, type NotImportedRow } from '../../lib/failed-rows';
import { ScrollTable } from '@/components/scroll-table';

/** The rate-limit notice, with the seconds until the next row counting down. */
function RateLimitNotice({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  return <>{m.leads_import_rate_limit({ seconds: formatNumber(Math.max(0, Math.ceil((until - now) / 1000))) })}</>;
}

export function ImportProgressView({ progress, stopping, onCancel }: { progress: ImportProgress; stopping: boolean; onCancel: () => void }) {
  const pct = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  return (
    <Stack gap="md" data-testid="import-progress">
      <Group justify="space-between" align="flex-end">
        <Text fw={600} aria-live="polite">
          {m.leads_import_progress_count({ done: formatNumber(progress.done), total: formatNumber(progress.total) })}
        </Text>
        <Text size="sm" c="dimmed">
          {m.leads_import_progress_tally({
            created: formatNumber(progress.created),
            skipped: formatNumber(progress.skipped),
            failed: formatNumber(progress.failed),
          })}
        </Text>
      </Group>
      <Progress value={pct} size="lg" animated={!stopping} striped aria-label={m.leads_import_progress_label()} />
      {progress.waitingUntil !== null ? (
        <Alert color="yellow" variant="light" icon={<IconClockPause size={18} aria-hidden />} role="status">
          <RateLimitNotice until={progress.waitingUntil} />
        </Alert>
      ) : null}
      <Group>
        <Button color="red" variant="light" onClick={onCancel} disabled={stopping}>
          {stopping ? m.leads_import_stopping() : m.leads_import_cancel()}
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
  const seconds = formatNumber(result.durationMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Stack gap="md" data-testid="import-summary">
      {result.stopKind ? (
        <Alert color="orange" variant="light" title={result.cancelled ? m.leads_import_cancelled() : m.leads_import_stopped()}>
          {stopMessage(result.stopKind)}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Badge size="xl" color="teal" variant="light" tt="none" data-testid="summary-created">
          {m.leads_summary_created({ count: formatNumber(result.created) })}
        </Badge>
        <Badge size="xl" color="gray" variant="light" tt="none" data-testid="summary-skipped">
          {m.leads_summary_skipped({ count: formatNumber(result.skipped) })}
        </Badge>
        <Badge size="xl" color={result.failed > 0 ? 'red' : 'gray'} variant="light" tt="none" data-testid="summary-failed">
          {m.leads_summary_failed({ count: formatNumber(result.failed) })}
        </Badge>
        {result.notSent > 0 ? (
          <Badge size="xl" color="orange" variant="light" tt="none" data-testid="summary-not-sent">
            {m.leads_summary_not_sent({ count: formatNumber(result.notSent) })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {m.leads_summary_text({
          campaign: campaignName,
          seconds,
          pauses: result.rateLimitWaits > 0 ? m.leads_summary_pauses({ count: formatNumber(result.rateLimitWaits) }) : '',
        })}
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
              {m.leads_summary_download({ count: formatNumber(n) })}
            </Button>
          </Group>
          {compact ? (
            <Stack gap="xs" data-testid="not-imported-rows" mah={420} style={{ overflowY: 'auto' }}>
              {notImported.map(({ row, outcome }) => (
                <Card key={row.index} withBorder padding="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {m.leads_row_n({ n: row.rowNumber })}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }} ta="right">
                      {row.phone || DASH}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {outcomeLabel(outcome.status)}
                  </Text>
                  <Text size="xs">{outcome.reason}</Text>
                </Card>
              ))}
            </Stack>
          ) : (
            <ScrollTable
              minWidth={560}
              scroll={{ mah: 360 }}
              verticalSpacing={4}
              striped
              data-testid="not-imported-rows"
              stickyHeader
              titles={[{ title: m.leads_col_row(), w: 60 }, { title: m.leads_col_phone_in_file(), w: 180 }, { title: m.leads_col_outcome(), w: 150 }, m.leads_col_reason()]}
            >
              {notImported.map(({ row, outcome }) => (
                <Table.Tr key={row.index}>
                  <Table.Td>{row.rowNumber}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.phone}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{outcomeLabel(outcome.status)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{outcome.reason}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
        </>
      ) : (
        <Text size="sm">{m.leads_summary_all_imported()}</Text>
      )}
      <Group>{actions}</Group>
    </Stack>
  );
}
