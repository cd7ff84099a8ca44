import type { ReactNode } from 'react';
import { NumberInput, Text } from '@mantine/core';
import { useController, useFormContext, type FieldPathByValue } from 'react-hook-form';
import { m } from '@/i18n';
import type { AssistantFormValues } from '../lib/form-schema';
import { formatBound } from './fields';

// Apart from fields.tsx so the sections without a number box do not load Mantine's NumberInput.

type NullableNumberName = FieldPathByValue<AssistantFormValues, number | null>;

/** A whole number with its unit and bounds; empty is held as null (the schema calls it required). */
export function NumberField({
  name,
  label,
  description,
  bounds,
  unit,
  disabled,
  hint,
}: {
  name: NullableNumberName;
  label: string;
  description?: ReactNode;
  bounds: { min: number; max: number };
  unit?: string;
  disabled?: boolean;
  /** A reading of the value ("10 min"), shown on the right. */
  hint?: (v: number) => string | null;
}) {
  const { control } = useFormContext<AssistantFormValues>();
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useController({ control, name });
  const reading = typeof value === 'number' && hint ? hint(value) : null;
  return (
    <NumberInput
      label={label}
      description={
        <>
          {description ? <>{description} </> : null}
          {unit
            ? m.assistants_range_unit({ min: formatBound(bounds.min), max: formatBound(bounds.max), unit })
            : m.assistants_range({ min: formatBound(bounds.min), max: formatBound(bounds.max) })}
        </>
      }
      min={bounds.min}
      max={bounds.max}
      allowDecimal={false}
      allowNegative={bounds.min < 0}
      clampBehavior="none"
      value={value ?? ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
      onBlur={onBlur}
      ref={ref}
      name={fieldName}
      disabled={disabled}
      error={fieldState.error?.message}
      rightSection={
        reading ? (
          <Text size="xs" c="dimmed" pr={28} style={{ whiteSpace: 'nowrap' }}>
            {reading}
          </Text>
        ) : undefined
      }
      rightSectionWidth={reading ? 90 : undefined}
      suffix={unit ? ` ${unit}` : undefined}
    />
  );
}
