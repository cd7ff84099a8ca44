import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReplayPair, ValueChange } from '@contract/replays';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { fromTo, shortJson, verdictColor, verdictLabel } from '../lib/format';
import { SaveScenario } from './save-scenario';
import { SideBySide } from './side-by-side';

function Changes({ label, rows }: { label: string; rows: readonly ValueChange[] }) {
  if (rows.length === 0) return null;
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>
        {rows.map((v) => (
          <Text size="sm" key={v.name}>
            {m.replays_value_change({ name: v.name, before: shortJson(v.before), after: shortJson(v.after) })}
          </Text>
        ))}
      </Table.Td>
    </Table.Tr>
  );
}

/** One pair: the verdict with its reason, what changed, the transcripts side by side, and "Save as scenario". */
export function PairView({ assistantId, setId, pair, onSaved }: { assistantId: number; setId: number; pair: ReplayPair; onSaved: () => void }) {
  const d = pair.diff;
  return (
    <Stack gap="md" data-testid="pair-view">
      {pair.status === 'error' ? (
        <Alert color="red" variant="light" title={m.replays_pair_error()}>
          {pair.error}
        </Alert>
      ) : null}
      {pair.verdict ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{m.replays_verdict()}</Text>
            <Badge color={verdictColor(pair.verdict)} data-testid="pair-verdict">
              {verdictLabel(pair.verdict)}
            </Badge>
          </Group>
          <Text size="sm" data-testid="pair-reason">
            {pair.reason}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {m.replays_pair_pending()}
        </Text>
      )}
      {d ? (
        <Table verticalSpacing={4} data-testid="pair-diff" style={{ overflowWrap: 'anywhere' }}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{m.replays_col_outcome()}</Table.Th>
                <Table.Td>
                  {fromTo(d.outcome?.before, d.outcome?.after)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{m.replays_col_turns()}</Table.Th>
                <Table.Td>
                  {fromTo(formatNumber(d.turns?.before ?? 0), formatNumber(d.turns?.after ?? 0))}
                </Table.Td>
              </Table.Tr>
              {d.tools.length > 0 ? (
                <Table.Tr>
                  <Table.Th scope="row">{m.replays_col_tools()}</Table.Th>
                  <Table.Td>
                    {d.tools.map((t, i) => (
                      <Text size="sm" key={i}>
                        {t.change === 'added' ? m.replays_tool_added({ name: t.name }) : t.change === 'missing' ? m.replays_tool_missing({ name: t.name }) : m.replays_tool_changed({ name: t.name })}{' '}
                        {t.change === 'changed' ? fromTo(shortJson(t.before), shortJson(t.after)) : shortJson(t.before ?? t.after)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              <Changes label={m.replays_col_variables()} rows={d.variables} />
              <Changes label={m.replays_col_evaluation()} rows={d.evaluation} />
            </Table.Tbody>
        </Table>
      ) : null}
      <SideBySide original={pair.original} replay={pair.replay} divergence={d?.divergence ?? null} lines={pair.lines} />
      <Stack gap="xs">
        <Title order={4} size="h5">
          {m.replays_save_title()}
        </Title>
        <Text size="sm" c="dimmed">
          {m.replays_save_description()}
        </Text>
        <SaveScenario key={pair.id} assistantId={assistantId} setId={setId} pair={pair} onSaved={onSaved} />
      </Stack>
    </Stack>
  );
}
