import { Stack, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { SUITE_LIMITS } from '@contract/suites';
import { FormFooter } from '@/components/form-footer';
import { NumberField } from '@/components/number-field';
import { KeyValueRows } from '@/components/rows-editor';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { useSubmitOnce } from '@/lib/save-once';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { useSaveScenario } from '../api/scenarios';
import { formToRequest, scenarioFormSchema, type ScenarioFormOutput, type ScenarioFormValues } from '../lib/form-schema';
import { ExpectationRows } from './expectation-rows';

const resolver = zodResolver(scenarioFormSchema) as unknown as Resolver<ScenarioFormValues, unknown, ScenarioFormOutput>;

/** The form's paths a service error can land on (its dotted keys are these paths). */
const FIELDS = ['name', 'persona', 'goal', 'variables', 'max_turns', 'expectations'] as const;

/**
 * Add or edit a scenario: who calls (persona), what they want (goal), the variables the call starts with,
 * the most turns, and the expectations as rows. The service's field errors land on their fields
 * (`expectations.2.value` on the third row's value).
 */
export function ScenarioForm({
  assistantId,
  scenarioId,
  initialValues,
  onSaved,
  onCancel,
}: {
  assistantId: number;
  scenarioId: number | null;
  initialValues: ScenarioFormValues;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useSaveScenario(assistantId);
  const form = useForm<ScenarioFormValues, unknown, ScenarioFormOutput>({ defaultValues: initialValues, resolver, mode: 'onTouched' });
  const { control, register, handleSubmit, setError, reset, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ scenarioId, body: formToRequest(values) });
      reset(values);
      onSaved();
    } catch (e) {
      applyApiErrorToForm(e, setError, { fields: FIELDS });
    }
  });
  const onSubmit = useSubmitOnce(submit);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={scenarioId === null ? m.suites_form_new() : m.suites_form_edit()}>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <Stack gap="md">
        <TextInput {...register('name')} label={m.suites_name_label()} placeholder={m.suites_name_placeholder()} error={errors.name?.message} required maxLength={SUITE_LIMITS.name} data-autofocus />
        <Textarea
          {...register('persona')}
          label={m.suites_persona_label()}
          description={m.suites_persona_hint()}
          placeholder={m.suites_persona_placeholder()}
          error={errors.persona?.message}
          required
          autosize
          minRows={2}
          maxLength={SUITE_LIMITS.persona}
        />
        <Textarea
          {...register('goal')}
          label={m.suites_goal_label()}
          description={m.suites_goal_hint()}
          placeholder={m.suites_goal_placeholder()}
          error={errors.goal?.message}
          required
          autosize
          minRows={1}
          maxLength={SUITE_LIMITS.goal}
        />
        <KeyValueRows
          control={control}
          register={register}
          name="variables"
          keys={['key', 'value']}
          heading={m.suites_variables_heading()}
          description={m.suites_variables_hint()}
          emptyText={m.suites_variables_empty()}
          columns={[
            { label: m.suites_variable_name(), flex: 1 },
            { label: m.suites_variable_value(), flex: 1 },
          ]}
          addLabel={m.suites_variables_add()}
          rowTestId="scenario-variable-row"
          words={{
            keyAria: (n) => m.suites_variable_name_aria({ n }),
            keyPlaceholder: 'customer_name',
            valueAria: (n) => m.suites_variable_value_aria({ n }),
            valuePlaceholder: m.suites_variable_value(),
            remove: (n) => m.suites_variable_remove({ n }),
          }}
        />
        <NumberField
          control={control}
          name="max_turns"
          bounds={{ min: SUITE_LIMITS.maxTurns.min, max: SUITE_LIMITS.maxTurns.max }}
          label={m.suites_max_turns_label()}
          description={m.suites_max_turns_hint({ min: formatNumber(SUITE_LIMITS.maxTurns.min), max: formatNumber(SUITE_LIMITS.maxTurns.max) })}
          w={220}
        />
        <ExpectationRows control={control} register={register} />
        <FormFooter saveError={errors.root?.server} errorTitle={m.suites_not_saved()} submitLabel={m.suites_save()} busy={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
