import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { errorMessage } from '../../../api';
import { useCallsSample } from '../api/get-calls-sample';
import { aggregateCalls } from '../lib/chart-data';
import { humanize } from '../lib/format';
import type { CallsFilterParams } from '../lib/params';
import { statusColor } from '../lib/status';

const ANSWERED_COLORS: Record<string, string> = { human: 'teal.6', machine: 'orange.6', unknown: 'gray.5' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const number = new Intl.NumberFormat('en-US');

function shortDay(day: string): string {
  const [, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m}`;
}

function longDay(day: string): string {
  return `${shortDay(day)} ${day.slice(0, 4)}`;
}

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Title order={3} size="h6" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Swatch({ color }: { color: string }) {
  return <span style={{ width: 10, height: 10, borderRadius: 2, flex: 'none', background: `var(--mantine-color-${color.replace('.', '-')})` }} />;
}

function Legend({ items, vertical = false }: { items: { name: string; color: string }[]; vertical?: boolean }) {
  const Container = vertical ? Stack : Group;
  return (
    <Container gap={vertical ? 4 : 'xs'} mt={vertical ? 0 : 'xs'} justify="center" role="list" aria-label="Legend">
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
 * another with a progress bar; the heading says which calls the charts cover.
 */
export default function CallCharts({ filter, filterWords }: { filter: CallsFilterParams; filterWords: string[] }) {
  const sample = useCallsSample(filter);
  const loading = !sample.complete && !sample.isError;
  // Drawn once the pages are in (or stopped on an error): redrawing four charts after each of 20 pages
  // kept the main thread busy enough to slow the page fetches themselves.
  const data = useMemo(() => aggregateCalls(loading ? [] : sample.calls), [loading, sample.calls]);

  const statusSeries = data.statuses.map((s) => ({ name: s, label: humanize(s), color: `${statusColor(s) ?? 'gray'}.6` }));
  const answered = data.answeredBy.map((a) => ({ name: humanize(a.name), value: a.value, color: ANSWERED_COLORS[a.name] ?? 'gray.3' }));
  const xAxisProps = { tickFormatter: (v: unknown) => (typeof v === 'string' ? shortDay(v) : String(v)) };
  const covered = sample.calls.length;
  const what = filterWords.length > 0 ? filterWords.join(' · ') : 'All calls';

  let coverage: string;
  if (sample.total === null) coverage = 'Loading calls…';
  else if (sample.total === 0) coverage = 'No calls match this filter.';
  else if (loading) coverage = `Loading ${number.format(covered)} of the latest ${number.format(sample.target ?? 0)} calls…`;
  else if (sample.total > covered)
    coverage = `The latest ${number.format(covered)} of ${number.format(sample.total)} matching calls`;
  else coverage = `All ${number.format(covered)} matching call${covered === 1 ? '' : 's'}`;
  if (data.range && sample.total && !loading) coverage += `, ${longDay(data.range.from)} – ${longDay(data.range.to)}`;

  return (
    <Stack gap="sm" data-testid="call-charts" data-complete={sample.complete}>
      <div>
        <Text fw={600} size="sm">
          {what}
        </Text>
        <Text size="sm" c="dimmed" data-testid="chart-coverage">
          {coverage}
        </Text>
      </div>
      {loading && (
        <Progress
          value={sample.target ? (covered / sample.target) * 100 : 3}
          animated
          aria-label="Loading calls for the charts"
          size="sm"
        />
      )}
      {sample.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="Not every call could be loaded">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorMessage(sample.error)}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={sample.retry}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {data.days.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <ChartCard title="Calls per day, by status" testId="chart-calls-per-day">
            <BarChart
              h={240}
              data={data.days}
              dataKey="day"
              type="stacked"
              series={statusSeries}
              xAxisProps={xAxisProps}
              tickLine="y"
              barProps={{ isAnimationActive: false }}
            />
            <Legend items={statusSeries.map((s) => ({ name: s.label, color: s.color }))} />
          </ChartCard>
          <ChartCard title="Minutes per day" testId="chart-minutes-per-day">
            <BarChart
              h={240}
              data={data.days}
              dataKey="day"
              series={[{ name: 'minutes', label: 'Minutes', color: 'blue.6' }]}
              xAxisProps={xAxisProps}
              valueFormatter={(v) => number.format(v)}
              tickLine="y"
              barProps={{ isAnimationActive: false }}
            />
          </ChartCard>
          <ChartCard title="Cost per day" testId="chart-cost-per-day">
            <LineChart
              h={240}
              data={data.days}
              dataKey="day"
              series={[{ name: 'cost', label: 'Total cost', color: 'grape.6' }]}
              xAxisProps={xAxisProps}
              valueFormatter={(v) => v.toFixed(2)}
              curveType="linear"
              withDots={data.days.length <= 31}
              tickLine="y"
              lineProps={{ isAnimationActive: false }}
            />
          </ChartCard>
          <ChartCard title="Answered by" testId="chart-answered-by">
            <Group justify="center" gap="lg" wrap="wrap">
              <DonutChart data={answered} size={180} thickness={28} withTooltip withLabelsLine={false} tooltipDataSource="segment" pieProps={{ isAnimationActive: false }} />
              <Legend items={answered.map((a) => ({ name: `${a.name}: ${number.format(a.value)}`, color: a.color }))} vertical />
            </Group>
          </ChartCard>
        </SimpleGrid>
      )}
    </Stack>
  );
}
