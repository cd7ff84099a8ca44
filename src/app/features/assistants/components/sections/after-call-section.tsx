import { ActionIcon, Button, Card, Grid, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { ASSISTANT_BOUNDS, POST_CALL_TYPES } from '../../../../../contract';
import { emptyPostCallRow, type AssistantFormValues } from '../../lib/form-schema';
import { SwitchField } from '../fields';
import { FormSection } from '../form-section';

const POST_CALL_TYPE_LABELS: Record<string, string> = { string: 'Text', number: 'Number', bool: 'Yes / no' };

function ListError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red.7" role="alert">
      {message}
    </Text>
  );
}

/** Rows of name, type and description: the data the service extracts from every finished call. */
function PostCallSchemaEditor() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const rows = useFieldArray({ control, name: 'post_call_schema' });
  const errors = formState.errors.post_call_schema;
  const B = ASSISTANT_BOUNDS.post_call_schema;
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          Data to extract
        </Text>
        <Text size="xs" c="dimmed">
          After each call the service fills in these fields from the conversation (up to {B.maxRows}).
        </Text>
      </div>
      {rows.fields.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          Nothing is extracted.
        </Text>
      ) : null}
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
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              onClick={() => rows.remove(i)}
              aria-label={`Remove extracted field ${i + 1}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Card>
      ))}
      <ListError message={errors?.root?.message ?? errors?.message} />
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => rows.append(emptyPostCallRow())}
          disabled={rows.fields.length >= B.maxRows}
        >
          Add field
        </Button>
      </Group>
    </Stack>
  );
}

/** Key/value rows: values the prompts can use as {{key}}. */
function VariablesEditor() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const rows = useFieldArray({ control, name: 'variables' });
  const errors = formState.errors.variables;
  const max = ASSISTANT_BOUNDS.variables.maxKeys;
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          Variables
        </Text>
        <Text size="xs" c="dimmed">
          Values the prompts can use as {'{{key}}'}; a lead’s own variables take precedence (up to {max}).
        </Text>
      </div>
      {rows.fields.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          No variables.
        </Text>
      ) : null}
      {rows.fields.length > 0 ? (
        // Column headings for the rows; each input also carries its own name for screen readers.
        <Group gap="xs" wrap="nowrap" visibleFrom="xs" aria-hidden pr={42}>
          <Text size="xs" fw={600} style={{ flex: 1 }}>
            Key
          </Text>
          <Text size="xs" fw={600} style={{ flex: 1.4 }}>
            Value
          </Text>
        </Group>
      ) : null}
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
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => rows.remove(i)} aria-label={`Remove variable ${i + 1}`}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <ListError message={errors?.root?.message ?? errors?.message} />
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => rows.append({ key: '', value: '' })}
          disabled={rows.fields.length >= max}
        >
          Add variable
        </Button>
      </Group>
    </Stack>
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
