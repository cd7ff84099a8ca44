import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { NOTICEABLE_MS, type LatencyTurn } from '@/lib/call-latency';

/**
 * The model's time per assistant turn as bars, with the line people notice (800 ms). Loaded on its own:
 * the charts library is large and a call without a model shows no chart at all.
 */
export default function LatencyChart({ turns }: { turns: readonly LatencyTurn[] }) {
  const data = turns.map((t) => ({ turn: m.calls_latency_turn_short({ number: formatNumber(t.number) }), model: Math.round(t.modelMs) }));
  const highest = Math.max(NOTICEABLE_MS * 1.25, ...data.map((d) => d.model));
  return (
    <BarChart
      h={140}
      data={data}
      dataKey="turn"
      series={[{ name: 'model', label: m.calls_latency_model_time(), color: 'blue.6' }]}
      valueFormatter={(v) => m.calls_latency_ms({ ms: formatNumber(v) })}
      yAxisProps={{ domain: [0, Math.ceil(highest / 100) * 100] }}
      referenceLines={[{ y: NOTICEABLE_MS, label: m.calls_latency_noticeable_line({ ms: formatNumber(NOTICEABLE_MS) }), color: 'orange.7' }]}
      barProps={{ isAnimationActive: false }}
      tickLine="y"
      withTooltip={data.length > 1}
    />
  );
}
