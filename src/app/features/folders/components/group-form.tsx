import { useEffect } from 'react';
import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { GROUP_BOUNDS } from '@contract/folders';
import { m } from '@/i18n';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { groupFormSchema, type GroupFormOutput, type GroupFormValues } from '../lib/group-form';
import { ColorSelect } from './color-select';

const resolver = zodResolver(groupFormSchema) as unknown as Resolver<GroupFormValues, unknown, GroupFormOutput>;

/**
 * A folder's or label's name and colour. `save` sends it and throws on refusal: the service's field errors
 * (a name the account has) land on the fields, anything else above the button; typed values stay. After a
 * save the form starts again from `initial` (`resetAfterSave`, the "new" form) or keeps what was saved.
 */
export function GroupForm({
  initial,
  nameLabel,
  submitLabel,
  save,
  onCancel,
  resetAfterSave = false,
  onDirtyChange,
}: {
  initial: GroupFormValues;
  nameLabel: string;
  submitLabel: string;
  save: (values: GroupFormOutput) => Promise<unknown>;
  onCancel?: () => void;
  resetAfterSave?: boolean;
  /** Told whether the form holds changes not saved (for the page's leave guard). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { control, register, handleSubmit, setError, reset, formState } = useForm<GroupFormValues, unknown, GroupFormOutput>({
    defaultValues: initial,
    resolver,
  });
  const { errors, isSubmitting, isDirty } = formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    try {
      await save(values);
      reset(resetAfterSave ? initial : values);
    } catch (e) {
      applyApiErrorToForm(e, setError, { fields: ['name', 'color'] });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          {...register('name')}
          label={nameLabel}
          description={m.folders_name_description({ max: String(GROUP_BOUNDS.nameMax) })}
          required
          maxLength={GROUP_BOUNDS.nameMax}
          autoComplete="off"
          error={errors.name?.message}
        />
        <Controller
          control={control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorSelect
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      {errors.root?.server?.message ? (
        <Alert color="red" variant="light" mt="sm" role="alert" title={m.folders_not_saved()}>
          {errors.root.server.message}
        </Alert>
      ) : null}
      <Group gap="xs" justify="flex-end" mt="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {m.common_cancel()}
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
      </Group>
    </form>
  );
}
