import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormState, useWatch, get, type Control, type UseFormRegister } from 'react-hook-form';
import { ARGUMENT_MATCHES, EXPECTATION_KINDS, SUITE_LIMITS, SUITE_OUTCOMES, VARIABLE_CHECKS } from '@contract/suites';
import { NumberField } from '@/components/number-field';
import { RemoveRowButton, RowsEditor } from '@/components/rows-editor';
import { SelectField } from '@/components/select-field';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { newExpectation, type ScenarioFormValues } from '../lib/form-schema';
import { checkLabel, kindLabel, matchLabel, outcomeLabel } from '../lib/labels';

interface RowProps {
  control: Control<ScenarioFormValues>;
  register: UseFormRegister<ScenarioFormValues>;
  index: number;
}

/** A tool expectation's argument conditions: name, equals / matches, value. */
function ArgumentRows({ control, register, index }: RowProps) {
  const name = `expectations.${index}.arguments` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name });
  const errorAt = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  const row = formatNumber(index + 1);
  return (
    <RowsEditor
      heading={m.suites_arguments_heading()}
      description={m.suites_arguments_hint()}
      count={fields.length}
      emptyText={m.suites_arguments_empty()}
      addLabel={m.suites_arguments_add()}
      onAdd={() => append({ name: '', match: 'equals', value: '' })}
      addDisabled={fields.length >= SUITE_LIMITS.arguments}
    >
      {fields.map((field, j) => {
        const n = formatNumber(j + 1);
        return (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="argument-row">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
              <TextInput
                {...register(`${name}.${j}.name`)}
                aria-label={m.suites_argument_name_aria({ row, n })}
                placeholder={m.suites_argument_name_placeholder()}
                error={errorAt(`${name}.${j}.name`)}
                autoComplete="off"
                spellCheck={false}
              />
              <SelectField
                control={control}
                name={`${name}.${j}.match`}
                keepOnClear
                allowDeselect={false}
                aria-label={m.suites_argument_match_aria({ row, n })}
                data={ARGUMENT_MATCHES.map((v) => ({ value: v, label: matchLabel(v) }))}
              />
              <TextInput
                {...register(`${name}.${j}.value`)}
                aria-label={m.suites_argument_value_aria({ row, n })}
                placeholder={m.suites_argument_value_placeholder()}
                error={errorAt(`${name}.${j}.value`)}
                autoComplete="off"
                spellCheck={false}
              />
            </SimpleGrid>
            <RemoveRowButton label={m.suites_argument_remove({ row, n })} onClick={() => remove(j)} />
          </Group>
        );
      })}
    </RowsEditor>
  );
}

/** One expectation: its kind, the inputs of that kind, its threshold. */
function ExpectationRow({ control, register, index, onRemove }: RowProps & { onRemove: () => void }) {
  const kind = useWatch({ control, name: `expectations.${index}.kind` });
  const check = useWatch({ control, name: `expectations.${index}.check` });
  const { errors } = useFormState({ control, name: `expectations.${index}` });
  const errorAt = (field: string) => (get(errors, `expectations.${index}.${field}`) as { message?: string } | undefined)?.message;
  const row = formatNumber(index + 1);
  const base = `expectations.${index}` as const;
  return (
    <Card withBorder padding="sm" data-testid="expectation-row" component="fieldset" aria-label={m.suites_expectation_aria({ row })} style={{ minInlineSize: 0 }}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <SelectField
            control={control}
            name={`${base}.kind`}
            keepOnClear
            allowDeselect={false}
            label={m.suites_expectation_kind({ row })}
            data={EXPECTATION_KINDS.map((v) => ({ value: v, label: kindLabel(v) }))}
            style={{ flex: 1 }}
          />
          <NumberField
            control={control}
            name={`${base}.min_pass_percent`}
            bounds={{ min: 0, max: 100 }}
            label={m.suites_threshold_label()}
            placeholder={m.suites_threshold_placeholder()}
            suffix=" %"
            w={140}
          />
          <RemoveRowButton label={m.suites_expectation_remove({ row })} onClick={onRemove} />
        </Group>
        {(kind === 'tool_called' || kind === 'tool_not_called') && (
          <>
            <TextInput {...register(`${base}.tool`)} label={m.suites_tool_label()} description={m.suites_tool_hint()} error={errorAt('tool')} required autoComplete="off" spellCheck={false} />
            <ArgumentRows control={control} register={register} index={index} />
          </>
        )}
        {kind === 'variable' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <TextInput {...register(`${base}.name`)} label={m.suites_variable_label()} description={m.suites_variable_hint()} error={errorAt('name')} required autoComplete="off" spellCheck={false} />
            <SelectField
              control={control}
              name={`${base}.check`}
              keepOnClear
              allowDeselect={false}
              label={m.suites_check_label()}
              data={VARIABLE_CHECKS.map((v) => ({ value: v, label: checkLabel(v) }))}
            />
            {check !== 'not_empty' && <TextInput {...register(`${base}.value`)} label={m.suites_value_label()} error={errorAt('value')} required autoComplete="off" spellCheck={false} />}
          </SimpleGrid>
        )}
        {kind === 'outcome' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <SelectField control={control} name={`${base}.outcome`} keepOnClear allowDeselect={false} label={m.suites_outcome_label()} data={SUITE_OUTCOMES.map((v) => ({ value: v, label: outcomeLabel(v) }))} />
            <NumberField control={control} name={`${base}.within_turns`} bounds={{ min: 1, max: SUITE_LIMITS.maxTurns.max }} label={m.suites_within_turns_label()} placeholder={m.suites_within_turns_placeholder()} />
          </SimpleGrid>
        )}
        {kind === 'judge' && (
          <Textarea
            {...register(`${base}.criterion`)}
            label={m.suites_criterion_label()}
            description={m.suites_criterion_hint()}
            error={errorAt('criterion')}
            required
            autosize
            minRows={2}
            maxLength={SUITE_LIMITS.criterion}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The scenario's expectations, each checked and reported on its own. */
export function ExpectationRows({ control, register }: Omit<RowProps, 'index'>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'expectations' });
  const { errors } = useFormState({ control, name: 'expectations' });
  const listError = (get(errors, 'expectations.root') as { message?: string } | undefined)?.message ?? (get(errors, 'expectations') as { message?: string } | undefined)?.message;
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          {m.suites_expectations_heading()}
        </Text>
        <Text size="xs" c="dimmed">
          {m.suites_expectations_hint()}
        </Text>
      </div>
      {fields.map((field, i) => (
        <ExpectationRow key={field.id} control={control} register={register} index={i} onRemove={() => remove(i)} />
      ))}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <RowsAdd disabled={fields.length >= SUITE_LIMITS.expectations} onAdd={() => append(newExpectation('judge'))} />
    </Stack>
  );
}

function RowsAdd({ disabled, onAdd }: { disabled: boolean; onAdd: () => void }) {
  return (
    <Group>
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd} disabled={disabled}>
        {m.suites_expectation_add()}
      </Button>
    </Group>
  );
}
