import { useEffect } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KNOWLEDGE_LIMITS } from '@contract/knowledge-read';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { FormFooter } from '@/components/form-footer';

const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => m.knowledge_name_required() })
    .max(KNOWLEDGE_LIMITS.nameMax, { error: () => m.knowledge_name_too_long({ max: formatNumber(KNOWLEDGE_LIMITS.nameMax) }) }),
});
type Values = z.input<typeof schema>;

/**
 * Rename a knowledge base or a document: one field, the service's refusal on it (or above the buttons),
 * the dialog open until the change is saved.
 */
export function NameModal({
  opened,
  title,
  initialName,
  onClose,
  save,
}: {
  opened: boolean;
  title: string;
  initialName: string;
  onClose: () => void;
  save: (name: string) => Promise<unknown>;
}) {
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: initialName },
  });
  useEffect(() => {
    if (opened) reset({ name: initialName });
  }, [opened, initialName, reset]);
  const submit = handleSubmit(async ({ name }) => {
    try {
      await save(name);
      onClose();
    } catch (e) {
      applyApiErrorToForm(e, setError, { fields: ['name'] });
    }
  });
  const busy = formState.isSubmitting;
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput label={m.knowledge_field_name()} required data-autofocus error={formState.errors.name?.message} {...register('name')} />
          <FormFooter
            saveError={formState.errors.root?.server}
            errorTitle={m.common_not_saved()}
            submitLabel={m.common_save_changes()}
            onCancel={onClose}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
