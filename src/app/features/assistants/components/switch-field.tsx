import type { ReactNode } from 'react';
import { Switch } from '@mantine/core';
import type { FieldPathByValue } from 'react-hook-form';
import type { AssistantFormValues } from '../lib/form-schema';
import { useAssistantField } from './fields';

/*
 * Beside fields.tsx rather than in it: only the sections below the form's first screen (loaded as they
 * come near) have switches, and the first screen need not load Switch for them.
 */

type BooleanName = FieldPathByValue<AssistantFormValues, boolean>;

/** An on/off setting with a sentence saying what "on" does. */
export function SwitchField({
  name,
  label,
  description,
  disabled,
}: {
  name: BooleanName;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useAssistantField(name);
  return (
    <Switch
      label={label}
      description={description}
      checked={value === true}
      onChange={(e) => onChange(e.currentTarget.checked)}
      onBlur={onBlur}
      ref={ref}
      name={fieldName}
      disabled={disabled}
      error={fieldState.error?.message}
    />
  );
}
