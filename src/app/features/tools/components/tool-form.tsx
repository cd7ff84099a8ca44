import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { TOOL_LIMITS, TOOL_METHODS, TOOL_PARAM_TYPES } from '@contract';
import { FormFooter } from '@/components/form-footer';
import { SelectField } from '@/components/select-field';
import { CountedTextarea } from '@/components/counted-textarea';
import { NumberField } from '@/components/number-field';
import { KeyValueRows, TypedFieldRows } from '@/components/rows-editor';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useSubmitOnce } from '@/lib/save-once';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { toolErrorMap, toolFormSchema, type ToolFormOutput, type ToolFormValues } from '../lib/form-schema';
import { ToolNameInput } from './tool-name-input';

// The form holds null while the timeout is empty; the schema refuses it with the "required" message.
// The error map reads the catalogs when it validates, so the messages are in the reader's language.
const resolver = zodResolver(toolFormSchema, {
  error: toolErrorMap,
}) as unknown as Resolver<ToolFormValues, unknown, ToolFormOutput>;

const TOOL_FORM_FIELDS = ['name', 'description', 'endpoint', 'method', 'timeout', 'headers', 'schema'] as const;
// An example header name: HTTP's own word, the same in every language.
const HEADER_EXAMPLE = 'Authorization';

/** A titled part of the tool form, its fields one under the other. */
function ToolFormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Create and edit a mid-call tool. `save` sends it (and throws on refusal); the form then shows why on
 * the fields and above the button, with every typed value kept. `onSaved` runs after a success; a page
 * that leaves then navigates with `ignoreBlocker`.
 */
export function ToolForm<T>({
  initialValues,
  save,
  onSaved,
  onCancel,
  submitLabel,
}: {
  initialValues: ToolFormValues;
  save: (values: ToolFormOutput, initial: ToolFormValues) => Promise<T>;
  onSaved: (result: T) => void;
  onCancel: () => void;
  submitLabel: string;
}) {
  const form = useForm<ToolFormValues, unknown, ToolFormOutput>({
    defaultValues: initialValues,
    resolver,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, reset, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      const result = await save(values, initialValues);
      reset(values);
      onSaved(result);
    } catch (e) {
      applyApiErrorToForm(e, setError, { fields: TOOL_FORM_FIELDS });
      notifyError(e, m.tools_not_saved());
    }
  });

  const onFormSubmit = useSubmitOnce(submit);

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={m.tools_form_label()} style={{ maxWidth: 960 }}>
      <UnsavedChangesGuard when={isDirty} />
      <Stack gap="lg">
        <ToolFormSection title={m.tools_section_ai()}>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <ToolNameInput
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                inputProps={{
                  name: field.name,
                  onBlur: field.onBlur,
                  ref: field.ref,
                }}
              />
            )}
          />
          <CountedTextarea
            control={control}
            register={register}
            name="description"
            max={TOOL_LIMITS.descriptionMax}
            counterMt={-8}
            label={m.tools_description_label()}
            description={m.tools_description_hint()}
            placeholder={m.tools_description_placeholder()}
            required
            autosize
            minRows={3}
            maxRows={8}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
        </ToolFormSection>

        <ToolFormSection title={m.tools_section_request()}>
          <TextInput
            {...register('endpoint')}
            label={m.tools_endpoint_label()}
            description={m.tools_endpoint_hint()}
            placeholder="https://api.example.com/orders/status"
            required
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            error={errors.endpoint?.message}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <SelectField
              control={control}
              name="method"
              keepOnClear
              label={m.tools_method_label()}
              description={m.tools_method_hint()}
              data={[...TOOL_METHODS]}
              allowDeselect={false}
              required
            />
            <NumberField
              control={control}
              name="timeout"
              bounds={{ min: TOOL_LIMITS.timeoutMin, max: TOOL_LIMITS.timeoutMax }}
              label={m.tools_timeout_label()}
              description={m.tools_timeout_hint({
                min: formatNumber(TOOL_LIMITS.timeoutMin),
                max: formatNumber(TOOL_LIMITS.timeoutMax),
                default: formatNumber(TOOL_LIMITS.timeoutDefault),
              })}
              clampBehavior="none"
              suffix=" s"
            />
          </SimpleGrid>

          <KeyValueRows
            control={control}
            register={register}
            name="headers"
            keys={['name', 'value']}
            heading={m.tools_headers_heading()}
            description={m.tools_headers_hint()}
            emptyText={m.tools_headers_empty()}
            columns={[
              { label: m.common_name(), flex: 1 },
              { label: m.tools_header_value(), flex: 1 },
            ]}
            addLabel={m.tools_headers_add()}
            rowTestId="header-row"
            secret
            words={{
              keyAria: (number) => m.tools_header_name_aria({ number }),
              keyPlaceholder: HEADER_EXAMPLE,
              valueAria: (number) => m.tools_header_value_aria({ number }),
              valuePlaceholder: m.tools_header_value(),
              showAria: (number) => m.tools_header_show_aria({ number }),
              remove: (number) => m.tools_header_remove({ number }),
            }}
          />
        </ToolFormSection>

        <Card withBorder padding="lg">
          <TypedFieldRows
            control={control}
            register={register}
            name="schema"
            heading={
              <Title order={2} size="h4">
                {m.tools_params_heading()}
              </Title>
            }
            description={m.tools_params_hint({ min: formatNumber(TOOL_LIMITS.paramNameMin), max: formatNumber(TOOL_LIMITS.paramNameMax) })}
            emptyText={m.tools_params_empty()}
            addLabel={m.tools_params_add()}
            newRow={() => ({ name: '', type: 'string', description: '' })}
            types={TOOL_PARAM_TYPES}
            rowTestId="parameter-row"
            words={{
              name: m.common_name(),
              nameAria: (number) => m.tools_param_name_aria({ number }),
              namePlaceholder: 'order_number',
              type: m.tools_param_type(),
              typeAria: (number) => m.tools_param_type_aria({ number }),
              description: m.tools_description_label(),
              descriptionAria: (number) => m.tools_param_description_aria({ number }),
              descriptionPlaceholder: m.tools_param_description_placeholder(),
              remove: (number) => m.tools_param_remove({ number }),
            }}
          />
        </Card>

        <FormFooter saveError={errors.root?.server} errorTitle={m.common_not_saved()} submitLabel={submitLabel} onCancel={onCancel} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
