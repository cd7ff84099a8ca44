import { useRef, type FormEvent } from 'react';
import {
  Card,
  Grid,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { TOOL_LIMITS, TOOL_METHODS, TOOL_PARAM_TYPES } from '@contract';
import { FormFooter } from '@/components/form-footer';
import { LengthCounter } from '@/components/length-counter';
import { RemoveRowButton, RowsEditor } from '@/components/rows-editor';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { applyApiErrorToForm, OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
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
  const headers = useFieldArray({ control, name: 'headers' });
  const params = useFieldArray({ control, name: 'schema' });
  const description = useWatch({ control, name: 'description' });
  const inFlight = useRef(false);

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

  // One save at a time: a second Enter or click while one is in flight sends nothing.
  function onFormSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void submit(e).finally(() => {
      inFlight.current = false;
    });
  }

  const serverError = errors.root?.server?.message;

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={m.tools_form_label()} style={{ maxWidth: 960 }}>
      <UnsavedChangesGuard when={isDirty} />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {m.tools_section_ai()}
            </Title>
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
            <Textarea
              {...register('description')}
              label={m.tools_description_label()}
              description={m.tools_description_hint()}
              placeholder={m.tools_description_placeholder()}
              required
              autosize
              minRows={3}
              maxRows={8}
              error={errors.description?.message}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
            />
            <Group justify="flex-end" mt={-8}>
              <LengthCounter length={description.length} max={TOOL_LIMITS.descriptionMax} />
            </Group>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {m.tools_section_request()}
            </Title>
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
              <Controller
                control={control}
                name="method"
                render={({ field, fieldState }) => (
                  <Select
                    label={m.tools_method_label()}
                    description={m.tools_method_hint()}
                    data={[...TOOL_METHODS]}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? field.value)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    allowDeselect={false}
                    required
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="timeout"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={m.tools_timeout_label()}
                    description={m.tools_timeout_hint({
                      min: formatNumber(TOOL_LIMITS.timeoutMin),
                      max: formatNumber(TOOL_LIMITS.timeoutMax),
                      default: formatNumber(TOOL_LIMITS.timeoutDefault),
                    })}
                    min={TOOL_LIMITS.timeoutMin}
                    max={TOOL_LIMITS.timeoutMax}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    suffix=" s"
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>

            <RowsEditor
              heading={m.tools_headers_heading()}
              description={m.tools_headers_hint()}
              count={headers.fields.length}
              emptyText={m.tools_headers_empty()}
              columns={[
                { label: m.common_name(), flex: 1 },
                { label: m.tools_header_value(), flex: 1 },
              ]}
              error={errors.headers?.root?.message ?? errors.headers?.message}
              addLabel={m.tools_headers_add()}
              onAdd={() => headers.append({ name: '', value: '' })}
            >
              {headers.fields.map((row, i) => (
                <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="header-row">
                  {/* Side by side where there is room; on a phone the name gets the full width above its value. */}
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
                    <TextInput
                      {...register(`headers.${i}.name`)}
                      aria-label={m.tools_header_name_aria({ number: formatNumber(i + 1) })}
                      placeholder={HEADER_EXAMPLE}
                      autoComplete="off"
                      spellCheck={false}
                      error={errors.headers?.[i]?.name?.message}
                    />
                    <PasswordInput
                      {...register(`headers.${i}.value`)}
                      aria-label={m.tools_header_value_aria({ number: formatNumber(i + 1) })}
                      placeholder={m.tools_header_value()}
                      autoComplete="new-password"
                      // Mantine's toggle is out of the tab order and unnamed per row by default.
                      visibilityToggleFocusable
                      visibilityToggleButtonProps={{
                        'aria-label': m.tools_header_show_aria({ number: formatNumber(i + 1) }),
                      }}
                      error={errors.headers?.[i]?.value?.message}
                    />
                  </SimpleGrid>
                  <RemoveRowButton label={m.tools_header_remove({ number: formatNumber(i + 1) })} onClick={() => headers.remove(i)} />
                </Group>
              ))}
            </RowsEditor>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <RowsEditor
            heading={
              <Title order={2} size="h4">
                {m.tools_params_heading()}
              </Title>
            }
            description={m.tools_params_hint({ min: formatNumber(TOOL_LIMITS.paramNameMin), max: formatNumber(TOOL_LIMITS.paramNameMax) })}
            count={params.fields.length}
            emptyText={m.tools_params_empty()}
            error={errors.schema?.root?.message ?? errors.schema?.message}
            addLabel={m.tools_params_add()}
            onAdd={() => params.append({ name: '', type: 'string', description: '' })}
          >
            {/* Each row's inputs are named with their row for assistive technology: "Name" alone would be
                the tool's own name field, and every row's. */}
            {params.fields.map((row, i) => (
              <Card key={row.id} withBorder padding="sm" radius="sm" data-testid="parameter-row">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  {/* The description gets the most room: it is the longest text of the row. */}
                  <Grid gap="xs" style={{ flex: 1 }}>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <TextInput
                        {...register(`schema.${i}.name`)}
                        label={m.common_name()}
                        aria-label={m.tools_param_name_aria({ number: formatNumber(i + 1) })}
                        placeholder="order_number"
                        autoComplete="off"
                        spellCheck={false}
                        error={errors.schema?.[i]?.name?.message}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 3 }}>
                      <Controller
                        control={control}
                        name={`schema.${i}.type`}
                        render={({ field, fieldState }) => (
                          <Select
                            label={m.tools_param_type()}
                            aria-label={m.tools_param_type_aria({ number: formatNumber(i + 1) })}
                            data={[...new Set<string>([...TOOL_PARAM_TYPES, field.value])]}
                            value={field.value}
                            onChange={(v) => field.onChange(v ?? field.value)}
                            onBlur={field.onBlur}
                            ref={field.ref}
                            allowDeselect={false}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 5 }}>
                      <TextInput
                        {...register(`schema.${i}.description`)}
                        label={m.tools_description_label()}
                        aria-label={m.tools_param_description_aria({ number: formatNumber(i + 1) })}
                        placeholder={m.tools_param_description_placeholder()}
                        error={errors.schema?.[i]?.description?.message}
                      />
                    </Grid.Col>
                  </Grid>
                  <RemoveRowButton label={m.tools_param_remove({ number: formatNumber(i + 1) })} onClick={() => params.remove(i)} mt={24} />
                </Group>
              </Card>
            ))}
          </RowsEditor>
        </Card>

        <FormFooter error={serverError} outcomeUnknown={errors.root?.server?.type === OUTCOME_UNKNOWN} errorTitle={m.common_not_saved()} submitLabel={submitLabel} onCancel={onCancel} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
