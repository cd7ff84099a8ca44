import type { ReactNode } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import type { FieldPathByValue } from 'react-hook-form';
import type { AssistantFormValues } from '../lib/form-schema';
import { useAssistantField } from './fields';

/** Fields chosen from a list the service provides: by name (a model, a language) or by id (a voice, a number). */
type ByName = FieldPathByValue<AssistantFormValues, string>;
type ById = FieldPathByValue<AssistantFormValues, number | null>;

export interface LookupSelectProps {
  name: ByName | ById;
  label: string;
  description: ReactNode;
  placeholder: string;
  nothingFoundMessage: string;
  data: { value: string; label: string }[] | string[];
  /** Said in the field while the list could not be loaded and the field has no error of its own. */
  loadError: string | undefined;
  /** No choice is a choice (a number): the box clears, and nothing is required. */
  optional?: boolean;
  /** A line under the field (a choice another field cleared); with a note the field and its line are one block. */
  note?: ReactNode;
}

/**
 * A choice from a list the service provides, bound to the assistant form by name. An id is a number in the
 * form and a string in the box; a name is '' in the form while none is chosen.
 */
export function LookupSelect({ name, label, description, placeholder, nothingFoundMessage, data, loadError, optional, note }: LookupSelectProps) {
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useAssistantField(name);
  const byName = typeof value === 'string';
  const select = (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      data={data}
      value={byName ? value || null : value === null ? null : String(value)}
      onChange={(v) => onChange(byName ? (v ?? '') : v === null ? null : Number(v))}
      onBlur={onBlur}
      ref={ref}
      name={fieldName}
      clearable={optional}
      searchable
      required={!optional}
      allowDeselect={optional ? undefined : false}
      nothingFoundMessage={nothingFoundMessage}
      error={fieldState.error?.message ?? loadError}
    />
  );
  if (note === undefined) return select;
  return (
    <Stack gap={4}>
      {select}
      {note ? (
        <Text size="xs" c="orange" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
