import { Badge, Group, Paper, SimpleGrid, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { NOTICEABLE_MS, type LatencySummary, type LatencyTurn } from '@/lib/call-latency';
import { formatCallDuration } from '@/lib/tool-call-format';

const LatencyChart = lazy(() => import('./latency-chart'));

const ms = (value: number) => formatCallDuration(value) ?? '';

/** p50 or p95 with the word that says how it compares with what people notice: colour is never the only signal. */
function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  const slow = value > NOTICEABLE_MS;
  return (
    <Stack gap={2} data-testid={testId} data-value={value}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {ms(value)}
        </Text>
        <Badge variant="light" color={slow ? 'orange' : 'teal'} size="sm">
          {slow ? m.calls_latency_above({ limit: ms(NOTICEABLE_MS) }) : m.calls_latency_within({ limit: ms(NOTICEABLE_MS) })}
        </Badge>
      </Group>
    </Stack>
  );
}

function toolsText(turn: LatencyTurn): string {
  if (turn.tools.length === 0) return DASH;
  return turn.tools
    .map((t) => {
      const time = t.ms === null ? null : ms(t.ms);
      const name = t.failed ? m.calls_latency_tool_failed({ name: t.name }) : t.name;
      return time ? m.calls_latency_tool_time({ name, duration: time }) : name;
    })
    .join(', ');
}

function TurnsTable({ turns, caption }: { turns: readonly LatencyTurn[]; caption: string }) {
  return (
    <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs" striped data-testid="latency-table">
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{m.calls_latency_col_turn()}</Table.Th>
          <Table.Th scope="col">{m.calls_latency_col_at()}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            {m.calls_latency_model_time()}
          </Table.Th>
          <Table.Th scope="col">{m.calls_latency_col_tools()}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {turns.map((t) => (
          <Table.Tr key={t.number}>
            <Table.Th scope="row" fw={400}>
              {formatNumber(t.number)}
            </Table.Th>
            <Table.Td>{t.at ?? DASH}</Table.Td>
            <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {ms(t.modelMs)}
              {t.modelMs > NOTICEABLE_MS ? ` (${m.calls_latency_above({ limit: ms(NOTICEABLE_MS) })})` : ''}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{toolsText(t)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The latency panel itself (see LatencyPanel): its own module, loaded only for a call a language model
 * played, so the call log's drawer does not load it (nor Switch) for every other call.
 */
export default function LatencyDetails({ turns, summary }: { turns: readonly LatencyTurn[]; summary: LatencySummary }) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const caption = m.calls_latency_table_caption();
  const chartLabel = m.calls_latency_chart_label({
    turns: formatNumber(summary.turns),
    p50: ms(summary.p50),
    p95: ms(summary.p95),
    limit: ms(NOTICEABLE_MS),
  });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId} data-testid="latency-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm" id={titleId}>
            {m.calls_latency_title()}
          </Text>
          {turns.length > 0 ? <Switch size="xs" label={m.calls_latency_show_table()} checked={asTable} onChange={(e) => setAsTable(e.currentTarget.checked)} /> : null}
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Figure label={m.calls_latency_p50()} value={summary.p50} testId="latency-p50" />
          <Figure label={m.calls_latency_p95()} value={summary.p95} testId="latency-p95" />
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {m.calls_latency_turns()}
            </Text>
            <Text fw={600} size="lg">
              {formatNumber(summary.turns)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {m.calls_latency_explain({ limit: ms(NOTICEABLE_MS) })}
        </Text>
        {turns.length > 0 && !asTable ? (
          <>
            {/* The drawing is one image to assistive technology; its numbers are in the table below. */}
            <div role="img" aria-label={chartLabel}>
              <Suspense fallback={<div style={{ height: 140 }} />}>
                <LatencyChart turns={turns} />
              </Suspense>
            </div>
            <VisuallyHidden>
              <TurnsTable turns={turns} caption={caption} />
            </VisuallyHidden>
          </>
        ) : null}
        {turns.length > 0 && asTable ? (
          <div style={{ maxHeight: 240, overflow: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
            <TurnsTable turns={turns} caption={caption} />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
