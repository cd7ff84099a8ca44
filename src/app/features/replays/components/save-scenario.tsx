import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SUITE_LIMITS, type Expectation, type ExpectationInput } from '@contract/suites';
import type { ReplayPair } from '@contract/replays';
import { notifyError, notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';
import { useSaveReplayScenario } from '../api/replays';
import { expectationLine } from '../lib/format';

const formSchema = z.object({
  name: z.string().trim().min(1, m.replays_name_required()).max(SUITE_LIMITS.name),
  rows: z.array(z.object({ keep: z.boolean(), value: z.string().max(SUITE_LIMITS.value) })),
});
type FormValues = z.infer<typeof formSchema>;

/** The proposed expectation as the service takes it back, with the value the user may have edited. */
function toInput(e: Expectation, value: string): ExpectationInput {
  const base = { id: e.id, min_pass_rate: e.min_pass_rate };
  if (e.kind === 'tool_called' || e.kind === 'tool_not_called') return { ...base, kind: e.kind, tool: e.tool ?? '', arguments: (e.arguments ?? []).map((a) => ({ name: a.name, match: a.match === 'matches' ? 'matches' : 'equals', value: a.value })) };
  if (e.kind === 'variable') return { ...base, kind: 'variable', name: e.name ?? '', check: e.check === 'not_empty' ? 'not_empty' : 'equals', ...(e.check === 'not_empty' ? {} : { value }) };
  if (e.kind === 'outcome') return { ...base, kind: 'outcome', outcome: (e.outcome ?? 'completed') as 'completed', within_turns: e.within_turns ?? null };
  return { ...base, kind: 'judge', criterion: e.criterion ?? '' };
}

/**
 * "Save as scenario": the original caller kept as a suite scenario, with the expectations proposed from what
 * the original did right; each may be left out, and a variable's expected value edited, before saving.
 */
export function SaveScenario({ assistantId, setId, pair, onSaved }: { assistantId: number; setId: number; pair: ReplayPair; onSaved: () => void }) {
  const save = useSaveReplayScenario(assistantId);
  const proposed = pair.proposed_expectations;
  const { register, handleSubmit, control, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: m.replays_scenario_name({ id: String(pair.original_call_id ?? pair.id) }), rows: proposed.map((e) => ({ keep: true, value: e.value ?? '' })) },
  });
  const rows = useWatch({ control, name: 'rows' });
  const kept = rows.filter((r) => r.keep).length;

  const submit = handleSubmit(async (values) => {
    const expectations = proposed.flatMap((e, i) => (values.rows[i]?.keep ? [toInput(e, values.rows[i].value)] : []));
    try {
      await save.mutateAsync({ setId, pairId: pair.id, body: { name: values.name, expectations } });
      notifySuccess(m.replays_scenario_saved({ name: values.name }));
      onSaved();
    } catch (e) {
      notifyError(e, m.replays_scenario_not_saved());
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="save-scenario-form">
      <Stack gap="sm">
        <TextInput label={m.replays_scenario_name_label()} {...register('name')} error={formState.errors.name?.message} />
        <Text size="sm" fw={600}>
          {m.replays_proposed_expectations()}
        </Text>
        {proposed.map((e, i) => (
          <Group key={e.id} gap="sm" wrap="nowrap" align="center">
            <Checkbox {...register(`rows.${i}.keep`)} label={expectationLine(e)} aria-label={m.replays_keep_expectation({ what: expectationLine(e) })} />
            {e.kind === 'variable' && e.check !== 'not_empty' ? (
              <TextInput size="xs" aria-label={m.replays_expected_value({ name: e.name ?? '' })} {...register(`rows.${i}.value`)} disabled={!rows[i]?.keep} />
            ) : null}
          </Group>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={kept === 0} data-testid="save-scenario-submit">
            {m.replays_save_scenario()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
