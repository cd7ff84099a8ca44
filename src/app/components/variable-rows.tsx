import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock, IconPlus, IconX } from '@tabler/icons-react';
import {
  get,
  useFieldArray,
  useFormState,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { m } from '@/i18n';

export interface VariableRowsProps<T extends FieldValues> {
  control: Control<T>;
  register: UseFormRegister<T>;
  name: ArrayPath<T>;
  /** Label of the add button. */
  addLabel?: string;
  /** Shown when there is no row. */
  emptyText?: string;
  /** The rows of a secondary contact (1-based), for labels: "Contact 2 variable 1 name". */
  contact?: number;
  disabled?: boolean;
}

/**
 * Key/value rows of a lead's variables. Rows of variables the lead already has (`existing`) keep their
 * key and cannot be removed: the API merges variables and has no way to delete one.
 */
export function VariableRows<T extends FieldValues>({
  control,
  register,
  name,
  addLabel,
  emptyText,
  contact,
  disabled,
}: VariableRowsProps<T>) {
  // Each row's field names for screen readers: "Variable 2 name", "Contact 1 variable 2 value".
  const labels = (n: number) =>
    contact === undefined
      ? {
          name: m.leads_variable_name_label({ n }),
          value: m.leads_variable_value_label({ n }),
          locked: m.leads_variable_locked_label({ n }),
          remove: m.leads_variable_remove_label({ n }),
        }
      : {
          name: m.leads_contact_variable_name_label({ contact, n }),
          value: m.leads_contact_variable_value_label({ contact, n }),
          locked: m.leads_contact_variable_locked_label({ contact, n }),
          remove: m.leads_contact_variable_remove_label({ contact, n }),
        };
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name: name as unknown as Path<T> });
  const stacked = useMediaQuery('(max-width: 36em)') ?? false;

  return (
    <Stack gap="xs">
      {fields.length === 0 && emptyText ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : null}
      {fields.map((field, i) => {
        const existing = (field as unknown as { existing?: boolean }).existing === true;
        const keyPath = `${name}.${i}.key` as Path<T>;
        const valuePath = `${name}.${i}.value` as Path<T>;
        const keyError = (get(errors, keyPath) as { message?: string } | undefined)?.message;
        const valueError = (get(errors, valuePath) as { message?: string } | undefined)?.message;
        const label = labels(i + 1);
        const keyField = (
          <TextInput
            {...register(keyPath)}
            aria-label={label.name}
            placeholder={m.leads_variable_name_placeholder()}
            error={keyError}
            readOnly={existing}
            disabled={disabled}
            leftSection={existing ? <IconLock size={14} aria-hidden /> : undefined}
            style={stacked ? undefined : { flex: '0 1 40%', minWidth: 0 }}
          />
        );
        const valueField = (
          <TextInput
            {...register(valuePath)}
            aria-label={label.value}
            placeholder={m.leads_variable_value_placeholder()}
            error={valueError}
            disabled={disabled}
            style={stacked ? undefined : { flex: 1, minWidth: 0 }}
          />
        );
        const removal = existing ? (
          <Tooltip label={m.leads_variable_locked_tooltip()} multiline w={220}>
            <ActionIcon variant="subtle" color="gray" mt={4} aria-label={label.locked} disabled>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <ActionIcon variant="subtle" color="gray" mt={4} onClick={() => remove(i)} aria-label={label.remove} disabled={disabled}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        );
        // On a phone, side by side left a key like customer_name cut to "customer_n": name over value.
        return stacked ? (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="variable-row" pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              {keyField}
              {valueField}
            </Stack>
            {removal}
          </Group>
        ) : (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="variable-row">
            {keyField}
            {valueField}
            {removal}
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => append({ key: '', value: '' } as FieldArray<T, ArrayPath<T>>)}
          disabled={disabled}
        >
          {addLabel ?? m.leads_variable_add()}
        </Button>
      </Group>
    </Stack>
  );
}
