import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { SuiteRun, SuiteRunItem } from '@contract/suites';
import { m } from '@/i18n';
import { formatInstant, formatNumber } from '@/i18n/format';
import { expectationText, percent } from '../lib/labels';
import type { EvidenceTarget } from './evidence-drawer';
import { ScrollTable } from '@/components/scroll-table';

const statusLabel = (status: string): string =>
  ({ running: m.suites_run_running(), finished: m.suites_run_finished(), cancelled: m.suites_run_cancelled() })[status] ?? status;

/** One repetition's mark for one expectation: a button that opens its evidence (pass, fail, could not run, pending). */
function RepetitionMark({ item, expectationId, open }: { item: SuiteRunItem; expectationId: string; open: () => void }) {
  const result = item.results.find((r) => r.expectation_id === expectationId);
  const n = formatNumber(item.repetition ?? 0);
  if (item.status === 'queued' || item.status === 'calling') {
    return (
      <Badge variant="outline" color="gray" size="sm" aria-label={m.suites_rep_pending_aria({ n })}>
        {m.suites_mark_pending({ n })}
      </Badge>
    );
  }
  const ok = result?.pass === true;
  const label = item.status === 'error' ? m.suites_rep_error_aria({ n }) : ok ? m.suites_rep_pass_aria({ n }) : m.suites_rep_fail_aria({ n });
  return (
    <Button size="compact-xs" variant={ok ? 'light' : 'filled'} color={ok ? 'green' : 'red'} onClick={open} aria-label={label} data-testid="repetition-mark" data-pass={ok}>
      {ok ? m.suites_mark_pass({ n }) : m.suites_mark_fail({ n })}
    </Button>
  );
}

/** A run: progress while it runs, then each expectation's pass rate with every repetition's mark. */
export function RunResults({ run, onEvidence, onCancel, cancelling }: { run: SuiteRun; onEvidence: (t: EvidenceTarget) => void; onCancel: () => void; cancelling: boolean }) {
  const total = run.items_total ?? 0;
  const done = run.items_done ?? 0;
  const items = run.items ?? [];
  return (
    <Stack gap="sm" data-testid="run-results" data-status={run.status}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>
            {m.suites_run_heading({ id: formatNumber(run.id, { useGrouping: false }) })}{' '}
            <Badge variant="light" color={run.status === 'running' ? 'blue' : run.passed ? 'green' : 'red'} ml="xs">
              {run.status === 'finished' ? (run.passed ? m.suites_run_passed() : m.suites_run_failed()) : statusLabel(run.status)}
            </Badge>
          </Text>
          <Text size="xs" c="dimmed">
            {m.suites_run_meta({
              when: run.created_at ? formatInstant(run.created_at) : '',
              version: run.config_version,
              repetitions: formatNumber(run.repetitions ?? 0),
            })}
          </Text>
          {run.config_changes.length > 0 ? (
            <Text size="xs" c="dimmed" data-testid="config-changes">
              {m.suites_run_changes({ fields: run.config_changes.join(', ') })}
            </Text>
          ) : null}
        </div>
        {run.status === 'running' ? (
          <Button variant="default" size="xs" onClick={onCancel} loading={cancelling}>
            {m.suites_run_cancel()}
          </Button>
        ) : null}
      </Group>
      <div role="status" aria-live="polite">
        <Text size="sm">{m.suites_run_progress({ done: formatNumber(done), total: formatNumber(total), running: formatNumber(run.items_running ?? 0) })}</Text>
      </div>
      <Progress value={total > 0 ? (done / total) * 100 : 0} aria-label={m.suites_run_progress_label()} animated={run.status === 'running'} />
      <ScrollTable
        minWidth={640}
        striped
        verticalSpacing="xs"
        data-testid="summary-table"
        titles={[m.suites_col_scenario(), m.suites_col_expectation(), m.suites_col_rate(), m.suites_col_repetitions()]}
      >
        {run.summary.map((s, i) => {
          const id = s.expectation?.id ?? '';
          const own = items.filter((it) => it.scenario_id === s.scenario_id && it.scenario_name === s.scenario_name);
          return (
            <Table.Tr key={`${s.scenario_id}-${id}-${i}`} data-testid="summary-row" data-ok={s.ok}>
              <Table.Td>{s.scenario_name}</Table.Td>
              <Table.Td>{expectationText(s.expectation)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" color={s.evaluated ? (s.ok ? 'green' : 'red') : 'gray'}>
                    {s.evaluated ? (s.ok ? m.suites_ok() : m.suites_below()) : m.suites_pending()}
                  </Badge>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {m.suites_rate({ passed: formatNumber(s.passed ?? 0), evaluated: formatNumber(s.evaluated ?? 0), rate: percent(s.pass_rate), needed: percent(s.min_pass_rate) })}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {own.map((item) => (
                    <RepetitionMark
                      key={item.id}
                      item={item}
                      expectationId={id}
                      open={() =>
                        onEvidence({
                          expectation: s.expectation,
                          result: item.results.find((r) => r.expectation_id === id) ?? null,
                          callId: item.call_id,
                          repetition: item.repetition,
                          scenarioName: s.scenario_name,
                          error: item.error,
                        })
                      }
                    />
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrollTable>
    </Stack>
  );
}
