import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type OwnProps = 'value' | 'onChange' | 'onBlur' | 'name' | 'min' | 'max' | 'error' | 'allowDecimal' | 'allowNegative';

export interface NumberFieldProps<T extends FieldValues> extends Omit<NumberInputProps, OwnProps> {
  control: Control<T>;
  name: FieldPath<T>;
  bounds: { min: number; max: number };
  /**
   * What the form holds: `'number-or-null'` (a number, null while the box is empty; the schema calls null
   * "required"), or `'as-typed'` (Mantine's own value: a number, or the text while it is not one, '' when empty).
   */
  holds?: 'number-or-null' | 'as-typed';
}

function numberOrNull(v: number | string): number | null {
  return typeof v === 'number' ? v : v === '' ? null : Number(v);
}

/**
 * A whole number within bounds, bound to a form field by name: the box, its bounds, and the field's error.
 * Label, description, unit and the rest are the caller's (any NumberInput prop passes through).
 */
export function NumberField<T extends FieldValues>({ control, name, bounds, holds = 'number-or-null', ...input }: NumberFieldProps<T>) {
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useController({ control, name });
  const nullable = holds === 'number-or-null';
  return (
    <NumberInput
      {...input}
      min={bounds.min}
      max={bounds.max}
      allowDecimal={false}
      allowNegative={bounds.min < 0}
      value={nullable ? (value ?? '') : value}
      onChange={nullable ? (v) => onChange(numberOrNull(v)) : onChange}
      onBlur={onBlur}
      ref={ref}
      name={fieldName}
      error={fieldState.error?.message}
    />
  );
}
