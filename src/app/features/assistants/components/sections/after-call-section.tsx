import { Card, Grid, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { ASSISTANT_BOUNDS, POST_CALL_TYPES } from '@contract';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { emptyPostCallRow, type AssistantFormValues } from '../../lib/form-schema';
import { SwitchField } from '../fields';
import { FormSection } from '../form-section';
import { RemoveRowButton, RowsEditor } from '@/components/rows-editor';

const POST_CALL_TYPE_LABELS: Record<string, () => string> = {
  string: m.assistants_post_call_type_string,
  number: m.assistants_post_call_type_number,
  bool: m.assistants_post_call_type_bool,
};

/** A post-call type in words; one the form does not offer ('boolean') shows as the service holds it. */
function postCallTypeLabel(type: string): string {
  return Object.hasOwn(POST_CALL_TYPE_LABELS, type) ? (POST_CALL_TYPE_LABELS[type]?.() ?? type) : type;
}

/** Rows of name, type and description: the data the service extracts from every finished call. */
function PostCallSchemaEditor() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const rows = useFieldArray({ control, name: 'post_call_schema' });
  const errors = formState.errors.post_call_schema;
  const B = ASSISTANT_BOUNDS.post_call_schema;
  return (
    <RowsEditor
      heading={m.assistants_extract_heading()}
      description={m.assistants_extract_description({ max: formatNumber(B.maxRows) })}
      count={rows.fields.length}
      emptyText={m.assistants_extract_empty()}
      error={errors?.root?.message ?? errors?.message}
      addLabel={m.assistants_extract_add()}
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
                  label={m.assistants_extract_name()}
                  aria-label={m.assistants_extract_name_aria({ n: formatNumber(i + 1) })}
                  placeholder={m.assistants_extract_name_placeholder()}
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
                      label={m.assistants_type()}
                      aria-label={m.assistants_extract_type_aria({ n: formatNumber(i + 1) })}
                      data={[...new Set<string>([...POST_CALL_TYPES, field.value])].map((t) => ({
                        value: t,
                        label: postCallTypeLabel(t),
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
                  label={m.assistants_extract_description_label()}
                  aria-label={m.assistants_extract_description_aria({ n: formatNumber(i + 1) })}
                  placeholder={m.assistants_extract_description_placeholder()}
                  error={errors?.[i]?.description?.message}
                />
              </Grid.Col>
            </Grid>
            <RemoveRowButton label={m.assistants_extract_remove({ n: formatNumber(i + 1) })} onClick={() => rows.remove(i)} mt={24} />
          </Group>
        </Card>
      ))}
    </RowsEditor>
  );
}

/** How a prompt names a variable: shown as an example, the same in every language. */
const VARIABLE_EXAMPLE = '{{key}}';

/** Key/value rows: values the prompts can use as {{key}}. */
function VariablesEditor() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const rows = useFieldArray({ control, name: 'variables' });
  const errors = formState.errors.variables;
  const max = ASSISTANT_BOUNDS.variables.maxKeys;
  return (
    <RowsEditor
      heading={m.assistants_variables()}
      description={m.assistants_variables_description({ example: VARIABLE_EXAMPLE, max: formatNumber(max) })}
      count={rows.fields.length}
      emptyText={m.assistants_variables_empty()}
      columns={[
        { label: m.assistants_variables_key(), flex: 1 },
        { label: m.assistants_variables_value(), flex: 1.4 },
      ]}
      error={errors?.root?.message ?? errors?.message}
      addLabel={m.assistants_variables_add()}
      onAdd={() => rows.append({ key: '', value: '' })}
      addDisabled={rows.fields.length >= max}
    >
      {rows.fields.map((row, i) => (
        <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="variable-row">
          {/* Side by side where there is room; on a phone the key gets the full width above its value. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
            <TextInput
              {...register(`variables.${i}.key`)}
              aria-label={m.assistants_variables_key_aria({ n: formatNumber(i + 1) })}
              placeholder={m.assistants_variables_key_placeholder()}
              autoComplete="off"
              spellCheck={false}
              error={errors?.[i]?.key?.message}
            />
            <TextInput
              {...register(`variables.${i}.value`)}
              aria-label={m.assistants_variables_value_aria({ n: formatNumber(i + 1) })}
              placeholder={m.assistants_variables_value()}
              error={errors?.[i]?.value?.message}
            />
          </SimpleGrid>
          <RemoveRowButton label={m.assistants_variables_remove({ n: formatNumber(i + 1) })} onClick={() => rows.remove(i)} />
        </Group>
      ))}
    </RowsEditor>
  );
}

export function AfterCallSection() {
  return (
    <FormSection id="after-call" title={m.assistants_section_after_call()} description={m.assistants_section_after_call_description()}>
      <SwitchField
        name="post_call_evaluation"
        label={m.assistants_evaluate()}
        description={m.assistants_evaluate_description()}
      />
      <PostCallSchemaEditor />
      <VariablesEditor />
    </FormSection>
  );
}
