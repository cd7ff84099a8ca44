import { Card, Grid, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { ASSISTANT_BOUNDS, POST_CALL_TYPES } from '../../../../../contract';
import { emptyPostCallRow, type AssistantFormValues } from '../../lib/form-schema';
import { SwitchField } from '../fields';
import { FormSection } from '../form-section';
import { RemoveRowButton, RowsEditor } from '../../../../components/rows-editor';

const POST_CALL_TYPE_LABELS: Record<string, string> = { string: 'Text', number: 'Number', bool: 'Yes / no' };

/** Rows of name, type and description: the data the service extracts from every finished call. */
function PostCallSchemaEditor() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const rows = useFieldArray({ control, name: 'post_call_schema' });
  const errors = formState.errors.post_call_schema;
  const B = ASSISTANT_BOUNDS.post_call_schema;
  return (
    <RowsEditor
      heading="Data to extract"
      description={`After each call the service fills in these fields from the conversation (up to ${B.maxRows}).`}
      count={rows.fields.length}
      emptyText="Nothing is extracted."
      error={errors?.root?.message ?? errors?.message}
      addLabel="Add field"
      onAdd={() => rows.append(emptyPostCallRow())}
      addDisabled={rows.fields.length >= B.maxRows}
    >
      {/* Named with their row for assistive technology: several rows would otherwise all read "Field name". */}
      {rows.fields.map((row, i) => (
        <Card key={row.id} withBorder padding="sm" radius="sm" data-testid="post-call-row">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            {/* The description gets the most room: it is the longest text of the row. */}
            <Grid gap="xs" style={{ flex: 1 }}>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  {...register(`post_call_schema.${i}.name`)}
                  label="Field name"
                  aria-label={`Extracted field ${i + 1} name`}
                  placeholder="appointment_date"
                  autoComplete="off"
                  spellCheck={false}
                  error={errors?.[i]?.name?.message}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Controller
                  control={control}
                  name={`post_call_schema.${i}.type`}
                  render={({ field, fieldState }) => (
                    <Select
                      label="Type"
                      aria-label={`Extracted field ${i + 1} type`}
                      data={[...new Set<string>([...POST_CALL_TYPES, field.value])].map((t) => ({
                        value: t,
                        label: POST_CALL_TYPE_LABELS[t] ?? t,
                      }))}
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
                  {...register(`post_call_schema.${i}.description`)}
                  label="Description"
                  aria-label={`Extracted field ${i + 1} description`}
                  placeholder="The date the caller agreed to"
                  error={errors?.[i]?.description?.message}
                />
              </Grid.Col>
            </Grid>
            <RemoveRowButton label={`Remove extracted field ${i + 1}`} onClick={() => rows.remove(i)} mt={24} />
          </Group>
        </Card>
      ))}
    </RowsEditor>
  );
}

/** Key/value rows: values the prompts can use as {{key}}. */
function VariablesEditor() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const rows = useFieldArray({ control, name: 'variables' });
  const errors = formState.errors.variables;
  const max = ASSISTANT_BOUNDS.variables.maxKeys;
  return (
    <RowsEditor
      heading="Variables"
      description={`Values the prompts can use as {{key}}; a lead’s own variables take precedence (up to ${max}).`}
      count={rows.fields.length}
      emptyText="No variables."
      columns={[
        { label: 'Key', flex: 1 },
        { label: 'Value', flex: 1.4 },
      ]}
      error={errors?.root?.message ?? errors?.message}
      addLabel="Add variable"
      onAdd={() => rows.append({ key: '', value: '' })}
      addDisabled={rows.fields.length >= max}
    >
      {rows.fields.map((row, i) => (
        <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="variable-row">
          {/* Side by side where there is room; on a phone the key gets the full width above its value. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
            <TextInput
              {...register(`variables.${i}.key`)}
              aria-label={`Variable ${i + 1} key`}
              placeholder="company_name"
              autoComplete="off"
              spellCheck={false}
              error={errors?.[i]?.key?.message}
            />
            <TextInput
              {...register(`variables.${i}.value`)}
              aria-label={`Variable ${i + 1} value`}
              placeholder="Value"
              error={errors?.[i]?.value?.message}
            />
          </SimpleGrid>
          <RemoveRowButton label={`Remove variable ${i + 1}`} onClick={() => rows.remove(i)} />
        </Group>
      ))}
    </RowsEditor>
  );
}

export function AfterCallSection() {
  return (
    <FormSection id="after-call" title="After the call" description="What the service works out once the call has ended.">
      <SwitchField
        name="post_call_evaluation"
        label="Evaluate the call"
        description="Judge whether the call reached its goal; the result shows in the call log."
      />
      <PostCallSchemaEditor />
      <VariablesEditor />
    </FormSection>
  );
}
