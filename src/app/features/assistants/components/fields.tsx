import type { ReactNode } from 'react';
import { Group, Input, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useController, useFormContext, type FieldPath, type FieldPathByValue } from 'react-hook-form';
import { CountedTextarea } from '@/components/counted-textarea';
import { formatNumber } from '@/i18n/format';
import type { AssistantFormValues } from '../lib/form-schema';

/*
 * Controlled inputs bound to the assistant form by name. Every bounded one shows its value and its
 * bounds (from the contract's ASSISTANT_BOUNDS), so a person never has to guess what the service takes.
 */

type NumberName = FieldPathByValue<AssistantFormValues, number>;

/** A field of the assistant form, by name: its value and handlers, and its state (the error). */
export function useAssistantField<N extends FieldPath<AssistantFormValues>>(name: N) {
  const { control } = useFormContext<AssistantFormValues>();
  return useController({ control, name });
}

/**
 * A list of ids of the form (tools, labels) as a searchable MultiSelect's props: the select speaks strings,
 * the form numbers.
 */
export function useIdListSelect(name: FieldPathByValue<AssistantFormValues, number[]>) {
  const { field, fieldState } = useAssistantField(name);
  return {
    fieldState,
    ids: field.value,
    props: {
      value: field.value.map(String),
      onChange: (v: string[]) => field.onChange(v.map(Number)),
      onBlur: field.onBlur,
      ref: field.ref,
      name: field.name,
      searchable: true,
      clearable: true,
      hidePickedOptions: true,
    },
  };
}

function decimals(step: number): number {
  const s = String(step);
  return s.includes('.') ? (s.split('.')[1]?.length ?? 0) : 0;
}

/** A value or bound with the step's decimals, in the reader's language ("0.50" / "0,50"), ungrouped ("3600"). */
export function formatBound(value: number, step = 1): string {
  const digits = Math.min(2, decimals(step));
  return formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** A slider with its value beside the label and its bounds under the track. */
export function SliderField({
  name,
  label,
  description,
  bounds,
  format,
  disabled,
  ends,
}: {
  name: NumberName;
  label: string;
  description?: ReactNode;
  bounds: { min: number; max: number; step: number };
  format?: (v: number) => string;
  disabled?: boolean;
  /** What the low and high ends mean ("steady", "expressive"), said with the bounds. */
  ends?: [low: string, high: string];
}) {
  const {
    field: { value: raw, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useAssistantField(name);
  const show = format ?? ((v: number) => formatBound(v, bounds.step));
  const value = typeof raw === 'number' ? raw : bounds.min;
  const id = `field-${name}`;
  return (
    <Input.Wrapper
      id={id}
      label={
        <Group component="span" justify="space-between" gap="xs" wrap="nowrap" style={{ display: 'flex', width: '100%' }}>
          <span>{label}</span>
          <Text component="span" size="sm" fw={600} ff="monospace" data-testid={`${name}-value`}>
            {show(value)}
          </Text>
        </Group>
      }
      labelElement="div"
      description={description}
      error={fieldState.error?.message}
      styles={{ label: { display: 'block', width: '100%' } }}
    >
      <Slider
        mt={6}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={value}
        onChange={onChange}
        onChangeEnd={() => onBlur()}
        label={show}
        thumbLabel={label}
        thumbProps={{ ref }}
        disabled={disabled}
        name={fieldName}
        precision={decimals(bounds.step)}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {show(bounds.min)}
          {ends ? ` · ${ends[0]}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {ends ? `${ends[1]} · ` : ''}
          {show(bounds.max)}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}

/**
 * A long text of the assistant (a prompt, a message, a tool's description) in a block of its own: as many
 * rows as it needs between `rows`, counted against `max`, what the service takes.
 */
export function LongTextField({
  name,
  max,
  rows: [minRows, maxRows],
  ...texts
}: {
  name: FieldPathByValue<AssistantFormValues, string>;
  max: number;
  rows: readonly [number, number];
  label: string;
  description: ReactNode;
  placeholder: string;
  required?: boolean;
}) {
  const { control, register } = useFormContext<AssistantFormValues>();
  return (
    <div>
      <CountedTextarea control={control} register={register} name={name} max={max} {...texts} autosize minRows={minRows} maxRows={maxRows} />
    </div>
  );
}

/** Two to four named choices, all visible at once. */
export function ChoiceField<V extends string>({
  name,
  label,
  description,
  data,
  onValueChange,
}: {
  name: FieldPathByValue<AssistantFormValues, V>;
  label: string;
  description?: ReactNode;
  data: { value: V; label: string }[];
  /** Runs after a person picks another value (the lists that follow this choice use it). */
  onValueChange?: (value: V) => void;
}) {
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useAssistantField(name);
  return (
    <Stack gap={4}>
      <Input.Wrapper label={label} description={description} error={fieldState.error?.message} id={`field-${name}`}>
        <SegmentedControl
          mt={4}
          fullWidth
          data={data}
          value={value as string}
          onChange={(v) => {
            onChange(v);
            onBlur();
            onValueChange?.(v as V);
          }}
          ref={ref}
          name={fieldName}
          aria-label={label}
        />
      </Input.Wrapper>
    </Stack>
  );
}
