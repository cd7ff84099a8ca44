import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Pagination, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconPlayerStop, IconPlayerTrackNext } from '@tabler/icons-react';
import type { ReplayPair, ReplaySet } from '@contract/replays';
import { replayKeys } from '@/api/query-keys';
import { EmptyList } from '@/components/empty-list';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { isNotOffered } from '@/lib/not-offered';
import { notifyError } from '@/lib/notify';
import { m } from '@/i18n';
import { formatInstant, formatNumber } from '@/i18n/format';
import { SET_REFRESH_MS, setQuery, setsQuery, useCancelReplay } from '../api/replays';
import { fromTo, toolsLine, verdictColor, verdictLabel } from '../lib/format';
import { PairView } from './pair-view';
import { ScrollTable } from '@/components/scroll-table';

const id = (n: number | null) => (n === null ? m.replays_none() : `#${formatNumber(n, { useGrouping: false })}`);

function Summary({ set }: { set: ReplaySet }) {
  const v = set.verdicts;
  return (
    <Stack gap="xs" data-testid="replay-summary">
      <Group gap="xs">
        {(['better', 'same', 'worse', 'unclear'] as const).map((k) => (
          <Badge key={k} color={verdictColor(k)} variant="light" size="lg" data-testid={`summary-${k}`}>
            {verdictLabel(k)}: {formatNumber(v?.[k] ?? 0)}
          </Badge>
        ))}
      </Group>
      <Text size="sm">
        {m.replays_version({ before: set.config_version_before ?? m.replays_none(), after: set.config_version })}
        {set.config_changes.length > 0 ? ` · ${m.replays_changed_fields({ fields: set.config_changes.join(', ') })}` : ''}
      </Text>
      {set.tools_changed.length > 0 ? <Text size="sm">{m.replays_tools_changed({ list: set.tools_changed.map((t) => `${t.name} (${formatNumber(t.count ?? 0)})`).join(', ') })}</Text> : null}
      {set.variables_changed.length > 0 ? <Text size="sm">{m.replays_variables_changed({ list: set.variables_changed.map((t) => `${t.name} (${formatNumber(t.count ?? 0)})`).join(', ') })}</Text> : null}
    </Stack>
  );
}

function PairsTable({ pairs, onOpen }: { pairs: ReplayPair[]; onOpen: (p: ReplayPair) => void }) {
  return (
    <ScrollTable
      minWidth={640}
      verticalSpacing="xs"
      highlightOnHover
      data-testid="pairs-table"
      titles={[m.replays_col_call(), m.replays_col_outcome(), m.replays_col_turns(), m.replays_col_tools(), m.replays_col_variables(), m.replays_verdict()]}
    >
      {pairs.map((p) => (
        <Table.Tr key={p.id} data-testid="pair-row">
          <Table.Td>
            <Button size="compact-sm" variant="subtle" onClick={() => onOpen(p)} aria-label={m.replays_open_pair_aria({ id: String(p.original_call_id ?? p.id) })}>
              {fromTo(id(p.original_call_id), id(p.call_id))}
            </Button>
          </Table.Td>
          <Table.Td>{p.diff ? fromTo(p.diff.outcome?.before, p.diff.outcome?.after) : p.status}</Table.Td>
          <Table.Td>{p.diff ? fromTo(formatNumber(p.diff.turns?.before ?? 0), formatNumber(p.diff.turns?.after ?? 0)) : ''}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.diff ? toolsLine(p.diff.tools) || '=' : ''}</Table.Td>
          <Table.Td>{p.diff ? p.diff.variables.map((v) => v.name).join(', ') || '=' : ''}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {p.verdict ? (
              <Badge color={verdictColor(p.verdict)} variant="light" style={{ overflow: 'visible' }} miw="fit-content">
                {verdictLabel(p.verdict)}
              </Badge>
            ) : (
              <Text size="sm" c={p.status === 'error' ? 'red.8' : 'dimmed'}>
                {p.status === 'error' ? m.replays_pair_error() : m.replays_pair_pending()}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

function SetView({ set, cancelling, onCancel, onOpen }: { set: ReplaySet; cancelling: boolean; onCancel: () => void; onOpen: (p: ReplayPair) => void }) {
  const total = set.pairs_total ?? 0;
  const done = set.pairs_done ?? 0;
  return (
    <Stack gap="md" data-testid="replay-set" data-status={set.status}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {m.replays_set_heading({
            title: m.replays_set_title({ id: formatNumber(set.id, { useGrouping: false }) }),
            status: set.status === 'running' ? m.replays_running() : set.status === 'cancelled' ? m.replays_cancelled() : m.replays_finished(),
          })}
        </Text>
        {set.status === 'running' ? (
          <Button size="xs" variant="light" color="red" leftSection={<IconPlayerStop size={14} aria-hidden />} onClick={onCancel} loading={cancelling}>
            {m.replays_cancel()}
          </Button>
        ) : null}
      </Group>
      {set.status === 'running' ? (
        <Stack gap={4}>
          <Progress value={total === 0 ? 0 : (done / total) * 100} aria-label={m.replays_progress_aria()} animated />
          <Text size="sm" c="dimmed" role="status">
            {m.replays_progress({ done: formatNumber(done), total: formatNumber(total), running: formatNumber(set.pairs_running ?? 0) })}
          </Text>
        </Stack>
      ) : null}
      <Summary set={set} />
      <PairsTable pairs={set.pairs ?? []} onOpen={onOpen} />
    </Stack>
  );
}

function HistoryTable({ sets, selected, onSelect }: { sets: ReplaySet[]; selected: number | undefined; onSelect: (id: number) => void }) {
  return (
    <ScrollTable minWidth={560} verticalSpacing="xs" data-testid="replay-history" titles={[m.replays_col_set(), m.replays_col_when(), m.replays_col_version(), m.replays_col_result()]}>
      {sets.map((s) => (
        <Table.Tr key={s.id} aria-selected={s.id === selected}>
          <Table.Td>
            <Button size="compact-sm" variant={s.id === selected ? 'filled' : 'subtle'} onClick={() => onSelect(s.id)} aria-label={m.replays_show_set_aria({ id: formatNumber(s.id, { useGrouping: false }) })}>
              {id(s.id)}
            </Button>
          </Table.Td>
          <Table.Td>{s.created_at ? formatInstant(s.created_at) : ''}</Table.Td>
          <Table.Td>
            <Code>{s.config_version}</Code>
          </Table.Td>
          <Table.Td>
            {s.status === 'running'
              ? m.replays_progress({ done: formatNumber(s.pairs_done ?? 0), total: formatNumber(s.pairs_total ?? 0), running: formatNumber(s.pairs_running ?? 0) })
              : m.replays_counts({ better: formatNumber(s.verdicts?.better ?? 0), same: formatNumber(s.verdicts?.same ?? 0), worse: formatNumber(s.verdicts?.worse ?? 0), unclear: formatNumber(s.verdicts?.unclear ?? 0) })}
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

/**
 * The assistant's "Replays" tab: the replay set shown (progress while it runs, the summary, every pair) and the
 * history of sets with the assistant's version at each. A pair opens side by side with its verdict and
 * "Save as scenario". The set and the pair shown are in the URL. Sets start from the call log or a call.
 */
export function ReplaysTab({ assistantId, setId, pairId, onChange }: { assistantId: number; setId: number | undefined; pairId: number | undefined; onChange: (setId: number | undefined, pairId: number | undefined) => void }) {
  const [page, setPage] = useState(1);
  const sets = useQuery(setsQuery(assistantId, page));
  const shownId = setId ?? sets.data?.data[0]?.id;
  const set = useQuery({ ...setQuery(shownId ?? 0), enabled: shownId !== undefined, refetchInterval: (q) => (q.state.data?.status === 'running' ? SET_REFRESH_MS : false) });
  const cancel = useCancelReplay();
  const queryClient = useQueryClient();
  const status = set.data?.status;
  const lastStatus = useRef<string | undefined>(undefined);
  // A running set changes the history when it ends: read the list again then.
  useEffect(() => {
    if (lastStatus.current === 'running' && status !== 'running') void queryClient.invalidateQueries({ queryKey: replayKeys.lists() });
    lastStatus.current = status;
  }, [status, queryClient]);

  if (sets.isError && sets.data === undefined && isNotOffered(sets.error)) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={m.replays_not_offered_title()} data-testid="replays-not-offered">
        {m.replays_not_offered_body()}
      </Alert>
    );
  }

  const pair = pairId === undefined ? undefined : set.data?.pairs?.find((p) => p.id === pairId);

  return (
    <Stack gap="lg" data-testid="replays-tab-panel">
      <SectionCard id="replay-set-title" title={m.replays_title()} description={m.replays_description()}>
        {shownId === undefined ? (
          <QueryState query={sets} loadingText={m.replays_loading()} errorTitle={m.replays_error()}>
            {() => (
              <EmptyList icon={IconPlayerTrackNext} title={m.replays_empty_title()} description={m.replays_empty_body()}>
                {null}
              </EmptyList>
            )}
          </QueryState>
        ) : (
          <QueryState query={set} loadingText={m.replays_set_loading()} errorTitle={m.replays_set_error()}>
            {(s) => <SetView set={s} cancelling={cancel.isPending} onCancel={() => cancel.mutate(s.id, { onError: (e) => notifyError(e, m.replays_not_cancelled()) })} onOpen={(p) => onChange(s.id, p.id)} />}
          </QueryState>
        )}
      </SectionCard>
      <SectionCard id="replay-history-title" title={m.replays_history_title()} description={m.replays_history_description()}>
        <QueryState query={sets} loadingText={m.replays_loading()} errorTitle={m.replays_error()} isEmpty={(p) => p.data.length === 0} empty={<Text size="sm" c="dimmed">{m.replays_empty_title()}</Text>}>
          {(p) => (
            <Stack gap="sm">
              <HistoryTable sets={p.data} selected={shownId} onSelect={(s) => onChange(s, undefined)} />
              {p.last_page > 1 ? <Pagination total={p.last_page} value={page} onChange={setPage} size="sm" aria-label={m.replays_history_pages()} /> : null}
            </Stack>
          )}
        </QueryState>
      </SectionCard>
      <Modal opened={pair !== undefined} onClose={() => onChange(shownId, undefined)} title={pair ? m.replays_pair_title({ original: id(pair.original_call_id), replay: id(pair.call_id) }) : ''} size="95rem">
        {pair && shownId !== undefined ? <PairView assistantId={assistantId} setId={shownId} pair={pair} onSaved={() => undefined} /> : null}
      </Modal>
    </Stack>
  );
}
