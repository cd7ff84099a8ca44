import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { PhoneValue } from '@/lib/phone';
import { PhoneInput } from './phone-input';

/** The phone input bound to the form field `name` (its value the country and the number as typed). */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  description?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PhoneInput
          label={label}
          required={required}
          value={field.value as PhoneValue}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          name={field.name}
          inputRef={field.ref}
          description={description}
          disabled={disabled}
        />
      )}
    />
  );
}
