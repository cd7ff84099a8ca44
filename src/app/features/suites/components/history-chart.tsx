import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { m } from '@/i18n';
import { formatPercent } from '@/i18n/format';
import type { HistoryRow, HistorySeries } from '../lib/history';

/** Pass rates over runs, one line per scenario and the whole run's (loaded on demand: recharts is large). */
export default function HistoryChart({ rows, series }: { rows: HistoryRow[]; series: HistorySeries[] }) {
  return (
    // A figure named for what it shows; the table beside it has the same numbers as text.
    <figure data-testid="history-chart" aria-label={m.suites_history_chart_label()} style={{ margin: 0 }}>
      <LineChart
        h={220}
        data={rows}
        dataKey="label"
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ domain: [0, 1] }}
        valueFormatter={(v) => formatPercent(v)}
        curveType="linear"
        connectNulls
        lineProps={{ isAnimationActive: false }}
        tooltipAnimationDuration={0}
      />
    </figure>
  );
}
