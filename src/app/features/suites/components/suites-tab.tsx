import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Modal, NumberInput, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { suiteKeys } from '@/api/query-keys';
import { IconFlask, IconInfoCircle, IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { SUITE_LIMITS, type Scenario, type SuiteRun } from '@contract/suites';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { EmptyList } from '@/components/empty-list';
import { confirmAction } from '@/lib/confirm';
import { isNotOffered } from '@/lib/not-offered';
import { notifyError, notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';
import { formatInstant, formatNumber } from '@/i18n/format';
import { scenariosQuery, useDeleteScenario } from '../api/scenarios';
import { RUN_REFRESH_MS, runQuery, runsQuery, useCancelRun, useStartRun } from '../api/runs';
import { emptyScenario, scenarioToForm, type ScenarioFormValues } from '../lib/form-schema';
import { historyData } from '../lib/history';
import { LLAMA_CPP_COMMANDS, OLLAMA_COMMANDS } from '../lib/model-setup';
import { kindLabel, percent } from '../lib/labels';
import { EvidenceDrawer, type EvidenceTarget } from './evidence-drawer';
import { RunResults } from './run-results';
import { ScenarioForm } from './scenario-form';
import { ScrollTable } from '@/components/scroll-table';

// recharts is large: the chart loads when there is a history to draw.
const HistoryChart = lazy(() => import('./history-chart'));

/** Without a model: how to connect one (the same commands as the test chat's). */
function NoModelNote() {
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={m.suites_no_model_title()} data-testid="suites-no-model" styles={{ wrapper: { minWidth: 0 }, body: { minWidth: 0 } }}>
      {/* minWidth 0 and scrolling blocks: on a phone the commands' long lines otherwise widen the alert past the screen. */}
      <Stack gap={6} miw={0}>
        <Text size="sm">{m.suites_no_model_body()}</Text>
        <Code block tabIndex={0} style={{ overflowX: 'auto' }}>
          {OLLAMA_COMMANDS}
        </Code>
        <Text size="sm">{m.suites_no_model_llamacpp()}</Text>
        <Code block tabIndex={0} style={{ overflowX: 'auto' }}>
          {LLAMA_CPP_COMMANDS}
        </Code>
      </Stack>
    </Alert>
  );
}

function ScenarioList({ scenarios, onEdit, onDelete }: { scenarios: Scenario[]; onEdit: (s: Scenario) => void; onDelete: (s: Scenario) => void }) {
  return (
    <ScrollTable
      minWidth={560}
      verticalSpacing="xs"
      data-testid="scenario-list"
      titles={[m.suites_col_scenario(), m.suites_col_goal(), m.suites_col_expectations()]}
      actions={m.suites_col_actions()}
    >
      {scenarios.map((s) => (
        <Table.Tr key={s.id} data-testid="scenario-row">
          <Table.Td fw={600}>{s.name}</Table.Td>
          <Table.Td>
            <Text size="sm" lineClamp={2}>
              {s.goal}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{s.expectations.map((e) => kindLabel(e.kind)).join(', ')}</Text>
          </Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(s)} aria-label={m.suites_edit_aria({ name: s.name })}>
                {m.suites_edit()}
              </Button>
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onDelete(s)} aria-label={m.suites_delete_aria({ name: s.name })}>
                {m.suites_delete()}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

function HistoryTable({ runs, selected, onSelect }: { runs: SuiteRun[]; selected: number | undefined; onSelect: (id: number) => void }) {
  return (
    <ScrollTable
      minWidth={560}
      verticalSpacing="xs"
      highlightOnHover
      data-testid="history-table"
      titles={[m.suites_col_run(), m.suites_col_when(), m.suites_col_version(), m.suites_col_rate(), m.suites_col_changes()]}
    >
      {runs.map((r) => (
        <Table.Tr key={r.id} aria-selected={r.id === selected} data-testid="history-row">
          <Table.Td>
            <Button size="compact-sm" variant={r.id === selected ? 'filled' : 'subtle'} onClick={() => onSelect(r.id)} aria-label={m.suites_show_run_aria({ id: formatNumber(r.id, { useGrouping: false }) })}>
              #{formatNumber(r.id, { useGrouping: false })}
            </Button>
          </Table.Td>
          <Table.Td>{r.created_at ? formatInstant(r.created_at) : ''}</Table.Td>
          <Table.Td>
            <Code>{r.config_version}</Code>
          </Table.Td>
          <Table.Td>{r.status === 'running' ? m.suites_run_running() : `${percent(r.pass_rate)} · ${r.passed ? m.suites_run_passed() : r.status === 'cancelled' ? m.suites_run_cancelled() : m.suites_run_failed()}`}</Table.Td>
          <Table.Td>{r.config_changes.length > 0 ? r.config_changes.join(', ') : m.suites_no_changes()}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

/**
 * The assistant's "Tests" tab: its scenarios (a form with the expectations as rows), "Run all" with N
 * repetitions, the run's live progress and results (pass rates, each repetition's evidence, the transcript at
 * the moment it shows), and the history of runs with the assistant's version at each. The run shown is in the
 * URL (`run`). Against the hosted service (no such endpoints) the tab says suites run on the local service.
 */
export function SuitesTab({ assistantId, runId, onRunChange }: { assistantId: number; runId: number | undefined; onRunChange: (runId: number | undefined) => void }) {
  const scenarios = useQuery(scenariosQuery(assistantId));
  const [page, setPage] = useState(1);
  const runs = useQuery({ ...runsQuery(assistantId, page), enabled: scenarios.isSuccess });
  const shownId = runId ?? runs.data?.data[0]?.id;
  const run = useQuery({
    ...runQuery(shownId ?? 0),
    enabled: shownId !== undefined,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? RUN_REFRESH_MS : false),
  });
  const [editing, setEditing] = useState<{ id: number | null; values: ScenarioFormValues } | null>(null);
  const [repetitions, setRepetitions] = useState<number | string>(5);
  const [evidence, setEvidence] = useState<EvidenceTarget | null>(null);
  const start = useStartRun(assistantId);
  const cancel = useCancelRun();
  const remove = useDeleteScenario(assistantId);
  const starting = useRef(false);
  // A running run changes the history when it ends: read the list again then.
  const queryClient = useQueryClient();
  const status = run.data?.status;
  const lastStatus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (lastStatus.current === 'running' && status !== 'running') void queryClient.invalidateQueries({ queryKey: suiteKeys.runLists() });
    lastStatus.current = status;
  }, [status, queryClient]);

  if (scenarios.isError && scenarios.data === undefined && isNotOffered(scenarios.error)) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={m.suites_not_offered_title()} data-testid="suites-not-offered">
        {m.suites_not_offered_body()}
      </Alert>
    );
  }

  async function runAll() {
    if (starting.current) return;
    starting.current = true;
    try {
      const reps = typeof repetitions === 'number' ? repetitions : SUITE_LIMITS.repetitions.default;
      const started = await start.mutateAsync({ repetitions: reps });
      onRunChange(started.id);
      notifySuccess(m.suites_started_message({ count: formatNumber(started.items_total ?? 0) }), m.suites_started_title());
    } catch (e) {
      notifyError(e, m.suites_not_started());
    } finally {
      starting.current = false;
    }
  }

  async function onDelete(s: Scenario) {
    if (!(await confirmAction({ title: m.suites_delete_title(), children: m.suites_delete_body({ name: s.name }), confirmLabel: m.suites_delete(), danger: true }))) return;
    try {
      await remove.mutateAsync(s.id);
      notifySuccess(m.suites_deleted({ name: s.name }));
    } catch (e) {
      notifyError(e, m.suites_not_deleted());
    }
  }

  const history = runs.data ? historyData(runs.data.data) : null;

  return (
    <Stack gap="lg" data-testid="suites-tab">
      <QueryState query={scenarios} loadingText={m.suites_loading()} errorTitle={m.suites_error()}>
        {(data) => (
          <>
            {!data.model_ready ? <NoModelNote /> : null}
            <SectionCard
              id="suite-scenarios-title"
              title={m.suites_scenarios_title()}
              description={m.suites_scenarios_description()}
              aside={
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null, values: emptyScenario() })} disabled={data.data.length >= SUITE_LIMITS.scenariosPerAssistant}>
                  {m.suites_add()}
                </Button>
              }
            >
              {data.data.length === 0 ? (
                <EmptyList icon={IconFlask} title={m.suites_empty_title()} description={m.suites_empty_body()}>
                  {null}
                </EmptyList>
              ) : (
                <ScenarioList scenarios={data.data} onEdit={(s) => setEditing({ id: s.id, values: scenarioToForm(s) })} onDelete={(s) => void onDelete(s)} />
              )}
            </SectionCard>

            <SectionCard
              id="suite-run-title"
              title={m.suites_run_title()}
              description={m.suites_run_description()}
              aside={
                <Group gap="xs" align="flex-end">
                  <NumberInput
                    label={m.suites_repetitions_label()}
                    value={repetitions}
                    onChange={setRepetitions}
                    min={SUITE_LIMITS.repetitions.min}
                    max={SUITE_LIMITS.repetitions.max}
                    allowDecimal={false}
                    allowNegative={false}
                    w={130}
                  />
                  <Button
                    leftSection={<IconPlayerPlay size={16} aria-hidden />}
                    onClick={() => void runAll()}
                    loading={start.isPending}
                    disabled={data.data.length === 0 || !data.model_ready || run.data?.status === 'running'}
                  >
                    {m.suites_run_all()}
                  </Button>
                </Group>
              }
            >
              {shownId === undefined ? (
                <Text size="sm" c="dimmed">
                  {m.suites_no_runs()}
                </Text>
              ) : (
                <QueryState query={run} loadingText={m.suites_run_loading()} errorTitle={m.suites_run_error()}>
                  {(r) => (
                    <RunResults
                      run={r}
                      onEvidence={setEvidence}
                      cancelling={cancel.isPending}
                      onCancel={() => cancel.mutate(r.id, { onError: (e) => notifyError(e, m.suites_not_cancelled()) })}
                    />
                  )}
                </QueryState>
              )}
            </SectionCard>

            <SectionCard id="suite-history-title" title={m.suites_history_title()} description={m.suites_history_description()}>
              <QueryState query={runs} loadingText={m.suites_history_loading()} errorTitle={m.suites_history_error()} isEmpty={(p) => p.data.length === 0} empty={<Text size="sm" c="dimmed">{m.suites_no_runs()}</Text>}>
                {(p) => (
                  <Stack gap="sm">
                    {history && history.rows.length > 1 ? (
                      <Suspense fallback={<Text size="sm" c="dimmed">{m.suites_history_loading()}</Text>}>
                        <HistoryChart rows={history.rows} series={history.series} />
                      </Suspense>
                    ) : null}
                    <HistoryTable runs={p.data} selected={shownId} onSelect={(id) => onRunChange(id)} />
                    {p.last_page > 1 ? <Pagination total={p.last_page} value={page} onChange={setPage} size="sm" aria-label={m.suites_history_pages()} /> : null}
                  </Stack>
                )}
              </QueryState>
            </SectionCard>
          </>
        )}
      </QueryState>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id === null ? m.suites_form_new() : m.suites_form_edit()} size="xl">
        {editing ? (
          <ScenarioForm
            key={editing.id ?? 'new'}
            assistantId={assistantId}
            scenarioId={editing.id}
            initialValues={editing.values}
            onSaved={() => {
              notifySuccess(m.suites_saved());
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <EvidenceDrawer target={evidence} onClose={() => setEvidence(null)} />
    </Stack>
  );
}
