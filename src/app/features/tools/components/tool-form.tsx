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
import { TOOL_LIMITS, TOOL_METHODS, TOOL_PARAM_TYPES, laravelErrorMap } from '../../../../contract';
import { FormFooter } from '../../../components/form-footer';
import { LengthCounter } from '../../../components/length-counter';
import { RemoveRowButton, RowsEditor } from '../../../components/rows-editor';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { applyApiErrorToForm, OUTCOME_UNKNOWN } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { toolFormSchema, type ToolFormOutput, type ToolFormValues } from '../lib/form-schema';
import { ToolNameInput } from './tool-name-input';

// The form holds null while the timeout is empty; the schema refuses it with the "required" message.
const resolver = zodResolver(toolFormSchema, {
  error: laravelErrorMap,
}) as unknown as Resolver<ToolFormValues, unknown, ToolFormOutput>;

const TOOL_FORM_FIELDS = ['name', 'description', 'endpoint', 'method', 'timeout', 'headers', 'schema'] as const;

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
      notifyError(e, 'The tool was not saved');
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
    <form onSubmit={onFormSubmit} noValidate aria-label="Mid-call tool" style={{ maxWidth: 960 }}>
      <UnsavedChangesGuard when={isDirty} />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              What the AI sees
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
              label="Description"
              description="When and how the AI should use the tool, in plain words."
              placeholder="Looks up the status of an order when the caller gives an order number."
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
              The request
            </Title>
            <TextInput
              {...register('endpoint')}
              label="Endpoint URL"
              description="The http(s) address the service calls during the conversation."
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
                    label="Method"
                    description="How the endpoint is called"
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
                    label="Timeout"
                    description={`${TOOL_LIMITS.timeoutMin} to ${TOOL_LIMITS.timeoutMax} seconds, default ${TOOL_LIMITS.timeoutDefault}`}
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
              heading="Headers"
              description="Sent with every request, such as an API key. Values are hidden; use the eye to show one."
              count={headers.fields.length}
              emptyText="No headers."
              columns={[
                { label: 'Name', flex: 1 },
                { label: 'Value', flex: 1 },
              ]}
              error={errors.headers?.root?.message ?? errors.headers?.message}
              addLabel="Add header"
              onAdd={() => headers.append({ name: '', value: '' })}
            >
              {headers.fields.map((row, i) => (
                <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="header-row">
                  {/* Side by side where there is room; on a phone the name gets the full width above its value. */}
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
                    <TextInput
                      {...register(`headers.${i}.name`)}
                      aria-label={`Header ${i + 1} name`}
                      placeholder="Authorization"
                      autoComplete="off"
                      spellCheck={false}
                      error={errors.headers?.[i]?.name?.message}
                    />
                    <PasswordInput
                      {...register(`headers.${i}.value`)}
                      aria-label={`Header ${i + 1} value`}
                      placeholder="Value"
                      autoComplete="new-password"
                      // Mantine's toggle is out of the tab order and unnamed per row by default.
                      visibilityToggleFocusable
                      visibilityToggleButtonProps={{
                        'aria-label': `Show header ${i + 1} value`,
                      }}
                      error={errors.headers?.[i]?.value?.message}
                    />
                  </SimpleGrid>
                  <RemoveRowButton label={`Remove header ${i + 1}`} onClick={() => headers.remove(i)} />
                </Group>
              ))}
            </RowsEditor>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <RowsEditor
            heading={
              <Title order={2} size="h4">
                Parameters
              </Title>
            }
            description={`What the AI gathers from the conversation and sends to the endpoint. Names are ${TOOL_LIMITS.paramNameMin} to ${TOOL_LIMITS.paramNameMax} characters.`}
            count={params.fields.length}
            emptyText="No parameters."
            error={errors.schema?.root?.message ?? errors.schema?.message}
            addLabel="Add parameter"
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
                        label="Name"
                        aria-label={`Parameter ${i + 1} name`}
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
                            label="Type"
                            aria-label={`Parameter ${i + 1} type`}
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
                        label="Description"
                        aria-label={`Parameter ${i + 1} description`}
                        placeholder="The number the caller reads out"
                        error={errors.schema?.[i]?.description?.message}
                      />
                    </Grid.Col>
                  </Grid>
                  <RemoveRowButton label={`Remove parameter ${i + 1}`} onClick={() => params.remove(i)} mt={24} />
                </Group>
              </Card>
            ))}
          </RowsEditor>
        </Card>

        <FormFooter error={serverError} outcomeUnknown={errors.root?.server?.type === OUTCOME_UNKNOWN} errorTitle="Not saved" submitLabel={submitLabel} onCancel={onCancel} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
