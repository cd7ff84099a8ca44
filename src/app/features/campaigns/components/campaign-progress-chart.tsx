import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ProgressPoint } from '@contract/live';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { describeBucket, seriesRows } from '../lib/series';

/** Calls, answered calls and completed leads per bucket (loaded on demand: recharts is large). */
export default function CampaignProgressChart({ series, bucketSeconds }: { series: readonly ProgressPoint[]; bucketSeconds: number | null }) {
  const rows = seriesRows(series, bucketSeconds);
  const bucket = describeBucket(bucketSeconds, 'bar');
  const label = m.campaigns_chart_label();
  return (
    // A figure named for what it shows; the Table view beside it has the same numbers as text.
    <figure data-testid="progress-chart" aria-label={label} style={{ margin: 0 }}>
      <BarChart
        h={220}
        data={rows}
        dataKey="label"
        series={[
          { name: 'calls', label: m.campaigns_series_calls(), color: 'blue.6' },
          { name: 'answered', label: m.campaigns_series_answered(), color: 'teal.6' },
          { name: 'completed_leads', label: m.campaigns_series_completed_leads(), color: 'grape.6' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        valueFormatter={(value) => formatNumber(value)}
        // Live data redraws often: animating each redraw would make the bars jump, and no animation at all
        // is what a reader who asks for reduced motion wants anyway.
        barProps={{ isAnimationActive: false }}
        tooltipAnimationDuration={0}
      />
      {bucket ? (
        <Text component="figcaption" size="xs" c="dimmed" mt={4}>
          {bucket}
        </Text>
      ) : null}
    </figure>
  );
}
