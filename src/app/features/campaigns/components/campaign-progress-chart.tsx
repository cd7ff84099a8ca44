import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ProgressPoint } from '../../../../contract/live';
import { describeBucket, seriesRows } from '../lib/series';

const SERIES = [
  { name: 'calls', label: 'Calls', color: 'blue.6' },
  { name: 'answered', label: 'Answered', color: 'teal.6' },
  { name: 'completed_leads', label: 'Leads completed', color: 'grape.6' },
];

/** Calls, answered calls and completed leads per bucket (loaded on demand: recharts is large). */
export default function CampaignProgressChart({ series, bucketSeconds }: { series: readonly ProgressPoint[]; bucketSeconds: number | null }) {
  const rows = seriesRows(series, bucketSeconds);
  const bucket = describeBucket(bucketSeconds);
  return (
    <div data-testid="progress-chart">
      <BarChart
        h={220}
        data={rows}
        dataKey="label"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        // Live data redraws often: animating each redraw would make the bars jump.
        barProps={{ isAnimationActive: false }}
        aria-label="Calls over time (the Table view has the same numbers)"
      />
      {bucket ? (
        <Text size="xs" c="dimmed" mt={4}>
          {bucket}, in this browser’s time.
        </Text>
      ) : null}
    </div>
  );
}
