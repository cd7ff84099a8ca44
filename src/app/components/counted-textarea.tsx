import { Group, Textarea, type TextareaProps } from '@mantine/core';
import { get, useFormState, useWatch, type Control, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { LengthCounter } from './length-counter';

export interface CountedTextareaProps<T extends FieldValues> extends Omit<TextareaProps, 'name' | 'error'> {
  control: Control<T>;
  register: UseFormRegister<T>;
  name: FieldPath<T>;
  /** The longest text the service takes: the counter turns red past it. */
  max: number;
  /** Space between the box and the counter below it. */
  counterMt?: number;
}

/**
 * A long text of a form (a prompt, a description) bound by name, with its field's error and, below it on
 * the right, how long it is against the most the service takes. The caller wraps it when it needs one block.
 */
export function CountedTextarea<T extends FieldValues>({ control, register, name, max, counterMt = 4, ...textarea }: CountedTextareaProps<T>) {
  const text = useWatch({ control, name }) as string;
  const { errors } = useFormState({ control, name });
  return (
    <>
      <Textarea {...register(name)} {...textarea} error={(get(errors, name) as { message?: string } | undefined)?.message} />
      <Group justify="flex-end" mt={counterMt}>
        <LengthCounter length={text.length} max={max} />
      </Group>
    </>
  );
}
