import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Alert, Box, Button, Group, Paper, Progress, SimpleGrid, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '@/api';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { NOTICEABLE_MS } from '@/lib/call-latency';
import { useCallsSample } from '../api/get-calls-sample';
import { aggregateCalls, statusKey } from '../lib/chart-data';
import { formatDay, joinParts } from '@/lib/call-format';
import { answeredByLabel, isKnownStatus, statusLabel } from '@/lib/call-labels';
import type { CallsFilterParams } from '../lib/params';
import { statusColor } from '@/lib/call-status';

const ANSWERED_COLORS: Record<string, string> = { human: 'teal.6', machine: 'orange.6', unknown: 'gray.5' };
/** The answered-by of calls that did not say (chart-data's bucket). */
const NOT_RECORDED = 'not recorded';
const COST_DIGITS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** The words of a status series: a known status translated, "unknown" for none, anything else as sent. */
function seriesLabel(key: string): string {
  if (key === statusKey('')) return m.common_unknown();
  const status = key.startsWith('status ') ? key.slice('status '.length) : key;
  return isKnownStatus(status) ? statusLabel(status) : key;
}

function answeredLabel(name: string): string {
  return name === NOT_RECORDED ? m.calls_answered_not_recorded() : answeredByLabel(name);
}

/**
 * A chart's numbers as a table: always there for screen readers (visually hidden), on screen in place
 * of the chart when the person asks for tables.
 */
function DataTable({ caption, head, rows, visible }: { caption: string; head: string[]; rows: string[][]; visible: boolean }) {
  const table = (
    <Table withTableBorder={visible} striped={visible} fz="xs" verticalSpacing={2} horizontalSpacing="xs">
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={i} scope="col" style={i > 0 ? { textAlign: 'right' } : undefined}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, r) => (
          <Table.Tr key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={i} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={i} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!visible) return <VisuallyHidden>{table}</VisuallyHidden>;
  return (
    <Box mah={240} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      {table}
    </Box>
  );
}

function ChartCard({
  title,
  children,
  table,
  asTable,
  testId,
}: {
  title: string;
  children: ReactNode;
  table: { head: string[]; rows: string[][] };
  asTable: boolean;
  testId: string;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId} component="section" aria-labelledby={titleId}>
      <Title order={3} size="h6" mb="xs" id={titleId}>
        {title}
      </Title>
      {/* The drawing is one image to assistive technology; its numbers are in the table below. */}
      {!asTable && (
        <div role="img" aria-label={title}>
          {children}
        </div>
      )}
      <DataTable caption={title} head={table.head} rows={table.rows} visible={asTable} />
    </Paper>
  );
}

function Swatch({ color }: { color: string }) {
  return <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, flex: 'none', background: `var(--mantine-color-${color.replace('.', '-')})` }} />;
}

function Legend({ items, vertical = false }: { items: { name: string; color: string }[]; vertical?: boolean }) {
  const Container = vertical ? Stack : Group;
  return (
    <Container gap={vertical ? 4 : 'xs'} mt={vertical ? 0 : 'xs'} justify="center" role="list" aria-label={m.calls_chart_legend()}>
      {items.map((item) => (
        <Group key={item.name} gap={5} wrap="nowrap" role="listitem">
          <Swatch color={item.color} />
          <Text size="xs">{item.name}</Text>
        </Group>
      ))}
    </Container>
  );
}

/**
 * Charts of the latest calls of the current filter (up to CHART_CALL_CAP). The pages load one after
 * another with a progress bar; the heading says which calls the charts cover. Every chart has its
 * numbers as a table too: hidden for screen readers, or on screen with "Show as tables". On the local
 * service (`withLatency`) a fifth chart shows the model's p95 time per assistant turn per day against the
 * 800 ms people notice, when the sample holds model-played calls.
 */
export default function CallCharts({ filter, filterWords, withLatency = false }: { filter: CallsFilterParams; filterWords: string[]; withLatency?: boolean }) {
  const sample = useCallsSample(filter);
  const [asTables, setAsTables] = useState(false);
  const loading = !sample.complete && !sample.isError;
  // Drawn once the pages are in (or stopped on an error): redrawing four charts after each of 20 pages
  // kept the main thread busy enough to slow the page fetches themselves.
  const data = useMemo(() => aggregateCalls(loading ? [] : sample.calls), [loading, sample.calls]);

  const statusSeries = data.statuses.map((s) => ({ name: s, label: seriesLabel(s), color: `${statusColor(s) ?? 'gray'}.6` }));
  const answered = data.answeredBy.map((a) => ({ name: answeredLabel(a.name), value: a.value, color: ANSWERED_COLORS[a.name] ?? 'gray.3' }));
  const xAxisProps = { tickFormatter: (v: unknown) => (typeof v === 'string' ? formatDay(v, true) : String(v)) };
  const tooltipProps = { labelFormatter: (v: unknown) => (typeof v === 'string' ? formatDay(v) : String(v)) };
  // What the charts over the days share: their height, the days along the bottom and the ticks on the values' axis.
  const perDay = { h: 240, data: data.days, dataKey: 'day', xAxisProps, tooltipProps, tickLine: 'y' } as const;
  const count = (v: number) => formatNumber(v);
  const cost = (v: number) => formatNumber(v, COST_DIGITS);
  const covered = sample.calls.length;
  const what = filterWords.length > 0 ? joinParts(filterWords) : m.calls_all_calls();

  let coverage: string;
  if (sample.total === null) coverage = m.calls_chart_loading_calls();
  else if (sample.total === 0) coverage = m.calls_chart_no_calls();
  else if (loading) coverage = m.calls_chart_loading_latest({ loaded: formatNumber(covered), target: formatNumber(sample.target ?? 0) });
  else if (sample.total > covered) coverage = m.calls_chart_latest_of({ count: formatNumber(covered), total: formatNumber(sample.total) });
  else coverage = m.calls_chart_all({ count: formatNumber(covered) });
  if (data.range && sample.total && !loading) {
    coverage = m.calls_chart_with_range({ coverage, from: formatDay(data.range.from), to: formatDay(data.range.to) });
  }

  const day = m.calls_chart_day();
  const statusTable = {
    head: [day, ...statusSeries.map((s) => s.label), m.calls_chart_calls()],
    rows: data.days.map((d) => [formatDay(d.day), ...statusSeries.map((s) => count(Number(d[s.name] ?? 0))), count(d.calls)]),
  };
  const minutesTable = { head: [day, m.calls_chart_minutes()], rows: data.days.map((d) => [formatDay(d.day), count(d.minutes)]) };
  const costTable = { head: [day, m.calls_chart_total_cost()], rows: data.days.map((d) => [formatDay(d.day), cost(d.cost)]) };
  const answeredTable = { head: [m.calls_chart_answered_by(), m.calls_chart_calls()], rows: answered.map((a) => [a.name, count(a.value)]) };
  const latencyMs = (v: number) => m.calls_latency_ms({ ms: formatNumber(Math.round(v)) });
  const latencyTable = {
    head: [day, m.calls_chart_latency_p95(), m.calls_chart_latency_turns()],
    rows: data.latency.filter((d) => d.turns > 0).map((d) => [formatDay(d.day), d.p95 === null ? DASH : latencyMs(d.p95), count(d.turns)]),
  };

  return (
    <Stack gap="sm" data-testid="call-charts" data-complete={sample.complete}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Text fw={600} size="sm">
            {what}
          </Text>
          <Text size="sm" c="dimmed" data-testid="chart-coverage">
            {coverage}
          </Text>
        </div>
        {data.days.length > 0 && (
          <Switch size="sm" label={m.calls_chart_show_tables()} checked={asTables} onChange={(e) => setAsTables(e.currentTarget.checked)} />
        )}
      </Group>
      {loading && (
        <Progress
          value={sample.target ? (covered / sample.target) * 100 : 3}
          animated
          aria-label={m.calls_chart_progress_label()}
          size="sm"
        />
      )}
      {sample.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title={m.calls_chart_partial()}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorMessage(sample.error)}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={sample.retry}>
              {m.common_retry()}
            </Button>
          </Group>
        </Alert>
      )}
      {data.days.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <ChartCard title={m.calls_chart_per_day_by_status()} testId="chart-calls-per-day" table={statusTable} asTable={asTables}>
            <BarChart
              {...perDay}
              type="stacked"
              series={statusSeries}
              valueFormatter={count}
              barProps={{ isAnimationActive: false }}
            />
            <Legend items={statusSeries.map((s) => ({ name: s.label, color: s.color }))} />
          </ChartCard>
          <ChartCard title={m.calls_chart_minutes_per_day()} testId="chart-minutes-per-day" table={minutesTable} asTable={asTables}>
            <BarChart {...perDay} series={[{ name: 'minutes', label: m.calls_chart_minutes(), color: 'blue.6' }]} valueFormatter={count} barProps={{ isAnimationActive: false }} />
          </ChartCard>
          <ChartCard title={m.calls_chart_cost_per_day()} testId="chart-cost-per-day" table={costTable} asTable={asTables}>
            <LineChart
              {...perDay}
              series={[{ name: 'cost', label: m.calls_chart_total_cost(), color: 'grape.6' }]}
              valueFormatter={cost}
              curveType="linear"
              withDots={data.days.length <= 31}
              lineProps={{ isAnimationActive: false }}
            />
          </ChartCard>
          <ChartCard title={m.calls_chart_answered_by()} testId="chart-answered-by" table={answeredTable} asTable={asTables}>
            <Group justify="center" gap="lg" wrap="wrap">
              <DonutChart
                data={answered}
                size={180}
                thickness={28}
                withTooltip
                withLabelsLine={false}
                tooltipDataSource="segment"
                valueFormatter={count}
                pieProps={{ isAnimationActive: false }}
              />
              <Legend items={answered.map((a) => ({ name: m.calls_chart_legend_count({ name: a.name, count: count(a.value) }), color: a.color }))} vertical />
            </Group>
          </ChartCard>
          {withLatency && data.latency.length > 0 ? (
            <ChartCard title={m.calls_chart_latency_per_day({ limit: latencyMs(NOTICEABLE_MS) })} testId="chart-latency-per-day" table={latencyTable} asTable={asTables}>
              <LineChart
                {...perDay}
                data={data.latency}
                series={[{ name: 'p95', label: m.calls_chart_latency_p95(), color: 'orange.7' }]}
                valueFormatter={latencyMs}
                curveType="linear"
                connectNulls
                withDots={data.latency.length <= 31}
                referenceLines={[{ y: NOTICEABLE_MS, label: latencyMs(NOTICEABLE_MS), color: 'red.6' }]}
                lineProps={{ isAnimationActive: false }}
              />
            </ChartCard>
          ) : null}
        </SimpleGrid>
      )}
    </Stack>
  );
}
