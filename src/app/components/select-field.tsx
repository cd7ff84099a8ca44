import { Select, type SelectProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type OwnProps = 'value' | 'onChange' | 'onBlur' | 'name' | 'error';

export interface SelectFieldProps<T extends FieldValues, V extends string | number> extends Omit<SelectProps<V>, OwnProps> {
  control: Control<T>;
  name: FieldPath<T>;
  /** Clearing keeps the current value (a field that must always hold one); by default it holds null. */
  keepOnClear?: boolean;
}

/** A select bound to a form field by name: its value, its touched state and its error. The rest is the caller's. */
export function SelectField<T extends FieldValues, V extends string | number = string>({ control, name, keepOnClear, ...select }: SelectFieldProps<T, V>) {
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useController({ control, name });
  return (
    <Select<V>
      {...select}
      value={value as V | null}
      onChange={(v) => onChange(keepOnClear ? (v ?? value) : v)}
      onBlur={onBlur}
      ref={ref}
      name={fieldName}
      error={fieldState.error?.message}
    />
  );
}
