import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useFormContext, useWatch, type FieldPathByValue } from 'react-hook-form';
import { NumberField } from '@/components/number-field';
import { m } from '@/i18n';
import type { AssistantFormValues } from '../lib/form-schema';
import { formatBound } from './fields';

// Apart from fields.tsx so the sections without a number box do not load Mantine's NumberInput.

type NullableNumberName = FieldPathByValue<AssistantFormValues, number | null>;

/** A whole number with its unit and bounds; empty is held as null (the schema calls it required). */
export function AssistantNumberField({
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
  const value = useWatch({ control, name });
  const reading = typeof value === 'number' && hint ? hint(value) : null;
  return (
    <NumberField
      control={control}
      name={name}
      bounds={bounds}
      label={label}
      description={
        <>
          {description ? <>{description} </> : null}
          {unit
            ? m.assistants_range_unit({ min: formatBound(bounds.min), max: formatBound(bounds.max), unit })
            : m.assistants_range({ min: formatBound(bounds.min), max: formatBound(bounds.max) })}
        </>
      }
      clampBehavior="none"
      disabled={disabled}
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
