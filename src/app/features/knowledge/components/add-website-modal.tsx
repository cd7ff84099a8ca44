import { Modal, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KNOWLEDGE_LIMITS } from '@contract/knowledge-read';
import { isApiError } from '@/api/errors';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';
import { formatList, formatNumber } from '@/i18n/format';
import { FormFooter } from '@/components/form-footer';
import { useCreateWebsiteDocument } from '../api/create-website-document';
import { readLinks, websiteName } from '../lib/website-links';

const L = KNOWLEDGE_LIMITS;

const schema = z
  .object({
    addresses: z.string(),
    name: z.string().trim().max(L.nameMax, { error: () => m.knowledge_name_too_long({ max: formatNumber(L.nameMax) }) }),
    relative_links_limit: z
      .number({ error: () => m.knowledge_links_limit_range({ min: formatNumber(L.relativeLinksMin), max: formatNumber(L.relativeLinksMax) }) })
      .int()
      .min(L.relativeLinksMin, { error: () => m.knowledge_links_limit_range({ min: formatNumber(L.relativeLinksMin), max: formatNumber(L.relativeLinksMax) }) })
      .max(L.relativeLinksMax, { error: () => m.knowledge_links_limit_range({ min: formatNumber(L.relativeLinksMin), max: formatNumber(L.relativeLinksMax) }) }),
  })
  .superRefine((v, ctx) => {
    const { links, invalid } = readLinks(v.addresses);
    if (invalid.length > 0) ctx.addIssue({ code: 'custom', path: ['addresses'], message: m.knowledge_links_invalid({ links: formatList(invalid.slice(0, 3)) }) });
    else if (links.length === 0) ctx.addIssue({ code: 'custom', path: ['addresses'], message: m.knowledge_links_required() });
    else if (links.length > L.linksMax) ctx.addIssue({ code: 'custom', path: ['addresses'], message: m.knowledge_links_too_many({ max: formatNumber(L.linksMax) }) });
  });
type Values = { addresses: string; name: string; relative_links_limit: number | string };

/** The service's keys on the form's fields: `url`, `links` and `links.N.link` all belong to the addresses. */
function addressKeys(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const keys = Object.keys(error.fieldErrors).filter((k) => k === 'url' || k === 'links' || k.startsWith('links.'));
  return Object.fromEntries(keys.map((k) => [k, 'addresses']));
}

const resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<typeof schema>>;

/**
 * "Add website": one address, whose links on the same site are followed up to the limit, or several
 * addresses (one a line), each taken as it is. The service fetches them in the background; the document
 * shows as processing at once.
 */
export function AddWebsiteModal({ knowledgeBaseId, opened, onClose }: { knowledgeBaseId: number; opened: boolean; onClose: () => void }) {
  const create = useCreateWebsiteDocument(knowledgeBaseId);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver,
    defaultValues: { addresses: '', name: '', relative_links_limit: L.relativeLinksDefault },
  });
  const busy = formState.isSubmitting;
  const several = readLinks(useWatch({ control, name: 'addresses' })).links.length > 1;
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    const { links } = readLinks(values.addresses);
    const name = values.name || websiteName(links);
    const target = links.length === 1 ? { url: links[0]! } : { links: links.map((link) => ({ link })) };
    try {
      await create.mutateAsync({ name, type: 'website', relative_links_limit: values.relative_links_limit, ...target });
      notifySuccess(m.knowledge_website_added_message({ name }), m.knowledge_website_added_title());
      reset();
      onClose();
    } catch (e) {
      applyApiErrorToForm(e, setError, { fields: ['addresses', 'name', 'relative_links_limit'], rename: addressKeys(e) });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={m.knowledge_add_website()} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={m.knowledge_add_website()}>
        <Stack gap="md">
          <Textarea
            label={m.knowledge_field_addresses()}
            description={m.knowledge_field_addresses_description()}
            placeholder="https://example.com/help"
            required
            data-autofocus
            autosize
            minRows={2}
            maxRows={8}
            spellCheck={false}
            error={formState.errors.addresses?.message}
            {...register('addresses')}
          />
          <Controller
            control={control}
            name="relative_links_limit"
            render={({ field, fieldState }) => (
              <NumberInput
                label={m.knowledge_field_links_limit()}
                description={several ? m.knowledge_field_links_limit_several() : m.knowledge_field_links_limit_description()}
                min={L.relativeLinksMin}
                max={L.relativeLinksMax}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={field.value}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={fieldState.error?.message}
                maw={220}
              />
            )}
          />
          <TextInput
            label={m.knowledge_field_name()}
            description={m.knowledge_field_website_name_description()}
            error={formState.errors.name?.message}
            {...register('name')}
          />
          <FormFooter
            saveError={formState.errors.root?.server}
            errorTitle={m.knowledge_not_added()}
            submitLabel={m.knowledge_add_website_submit()}
            onCancel={close}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
