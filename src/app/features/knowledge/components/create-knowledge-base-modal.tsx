import { Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KNOWLEDGE_LANGUAGES, KNOWLEDGE_LIMITS, type KnowledgeBase, type KnowledgeLanguage } from '@contract/knowledge-read';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { currentLocale, m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { FormFooter } from '@/components/form-footer';
import { useCreateKnowledgeBase } from '../api/create-knowledge-base';

const L = KNOWLEDGE_LIMITS;
const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => m.knowledge_name_required() })
    .max(L.nameMax, { error: () => m.knowledge_name_too_long({ max: formatNumber(L.nameMax) }) }),
  description: z
    .string()
    .trim()
    .max(L.descriptionMax, { error: () => m.knowledge_description_too_long({ max: formatNumber(L.descriptionMax) }) }),
  language: z.enum(KNOWLEDGE_LANGUAGES),
});
type Values = z.input<typeof schema>;

export const languageLabel = (language: string): string =>
  language === 'german' ? m.knowledge_language_german() : language === 'english' ? m.knowledge_language_english() : language;

/** A new base's search language: the reader's, which is most often the documents' too. */
const defaultLanguage = (): KnowledgeLanguage => (currentLocale() === 'de' ? 'german' : 'english');

/**
 * New knowledge base: name, description, and the language its documents are written in (the service's
 * full-text search stems words by it). The service's refusals land on their fields.
 */
export function CreateKnowledgeBaseModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (base: KnowledgeBase) => void }) {
  const create = useCreateKnowledgeBase();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', description: '', language: defaultLanguage() },
  });
  const busy = formState.isSubmitting;
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    try {
      const base = await create.mutateAsync({
        name: values.name,
        ...(values.description ? { description: values.description } : {}),
        language: values.language,
      });
      notifySuccess(m.knowledge_created_message({ name: base.name }), m.knowledge_created_title());
      reset();
      onCreated(base);
    } catch (e) {
      applyApiErrorToForm(e, setError, { fields: ['name', 'description', 'language'] });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={m.knowledge_new_title()} centered>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={m.knowledge_new_title()}>
        <Stack gap="md">
          <TextInput label={m.knowledge_field_name()} required data-autofocus error={formState.errors.name?.message} {...register('name')} />
          <Textarea
            label={m.knowledge_field_description()}
            autosize
            minRows={2}
            maxRows={5}
            error={formState.errors.description?.message}
            {...register('description')}
          />
          <Controller
            control={control}
            name="language"
            render={({ field, fieldState }) => (
              <Select
                label={m.knowledge_field_language()}
                description={m.knowledge_field_language_description()}
                data={KNOWLEDGE_LANGUAGES.map((value) => ({ value, label: languageLabel(value) }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? defaultLanguage())}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormFooter
            saveError={formState.errors.root?.server}
            errorTitle={m.common_not_saved()}
            submitLabel={m.knowledge_create_submit()}
            onCancel={close}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
