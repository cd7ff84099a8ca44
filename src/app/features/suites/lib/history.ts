import type { SuiteRun } from '@contract/suites';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/*
 * The history chart's data: one point per run, oldest first, with the whole run's pass rate and each
 * scenario's (its expectations' passes over their checks), labelled by run number and assistant version.
 */

export interface HistorySeries {
  key: string;
  label: string;
  color: string;
}
export type HistoryRow = { label: string } & Record<string, number | string | null>;

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];

export function historyData(runs: readonly SuiteRun[]): { rows: HistoryRow[]; series: HistorySeries[] } {
  const ordered = [...runs].filter((r) => r.status !== 'running').sort((a, b) => a.id - b.id);
  const scenarios = new Map<string, string>();
  for (const run of ordered) for (const s of run.summary) scenarios.set(`s${s.scenario_id ?? s.scenario_name}`, s.scenario_name);
  const keys = [...scenarios.keys()].slice(0, COLORS.length - 1);
  const rows = ordered.map((run) => {
    const row: HistoryRow = { label: m.suites_history_point({ id: formatNumber(run.id, { useGrouping: false }), version: run.config_version.slice(0, 6) }), all: run.pass_rate };
    for (const key of keys) {
      const own = run.summary.filter((s) => `s${s.scenario_id ?? s.scenario_name}` === key);
      const passed = own.reduce((a, s) => a + (s.passed ?? 0), 0);
      const evaluated = own.reduce((a, s) => a + (s.evaluated ?? 0), 0);
      row[key] = evaluated > 0 ? passed / evaluated : null;
    }
    return row;
  });
  const series: HistorySeries[] = [{ key: 'all', label: m.suites_history_all(), color: COLORS[0]! }, ...keys.map((k, i) => ({ key: k, label: scenarios.get(k) ?? k, color: COLORS[i + 1]! }))];
  return { rows, series };
}
