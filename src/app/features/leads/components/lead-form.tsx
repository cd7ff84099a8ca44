import { useState } from 'react';
import { Button, Card, CloseButton, Group, SimpleGrid, Stack, Switch, Text, TextInput, type SelectProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, type Control, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form';
import type { Lead } from '@contract/lead';
import { m } from '@/i18n';
import { CardsForm, FormCard } from '@/components/form-card';
import { FormFooter } from '@/components/form-footer';
import { SelectField } from '@/components/select-field';
import { useSaveOnce } from '@/lib/save-once';
import { useCreateLead } from '../api/create-lead';
import {
  createFormErrorPath,
  emptyLeadForm,
  leadFormSchema,
  SECONDARY_CONTACTS_MAX,
  toCreateLeadRequest,
  type LeadFormValues,
} from '../lib/form-schema';
import type { CountryCode } from '@/lib/phone';
import { applyServerErrors } from '@/lib/server-errors';
import type { CampaignOption } from './lead-filters';
import { PhoneField } from '@/components/phone-field';
import { VariableRows } from '@/components/variable-rows';

function SecondaryContacts({
  control,
  register,
  country,
}: {
  control: Control<LeadFormValues>;
  register: UseFormRegister<LeadFormValues>;
  /** The country a new contact's number starts in: the lead's. */
  country: () => CountryCode;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'secondary_contacts' });
  return (
    <Stack gap="md">
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.leads_form_no_secondary()}
        </Text>
      ) : null}
      {fields.map((field, i) => (
        <Card key={field.id} withBorder padding="sm" bg="var(--mantine-color-default-hover)" data-testid="secondary-contact-form">
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">
              {m.leads_form_secondary_title({ n: i + 1 })}
            </Text>
            <CloseButton onClick={() => remove(i)} aria-label={m.leads_form_secondary_remove({ n: i + 1 })} />
          </Group>
          <Stack gap="sm">
            <PhoneField control={control} name={`secondary_contacts.${i}.phone`} label={m.leads_form_secondary_phone({ n: i + 1 })} required />
            <VariableRows control={control} register={register} name={`secondary_contacts.${i}.variables`} contact={i + 1} />
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => append({ phone: { country: country(), text: '' }, variables: [] })}
          disabled={fields.length >= SECONDARY_CONTACTS_MAX}
        >
          {m.leads_form_add_secondary()}
        </Button>
      </Group>
    </Stack>
  );
}

/** The campaign a lead belongs to: required, searched among the offered ones. */
export function CampaignField<T extends FieldValues>({
  control,
  ...select
}: { control: Control<T>; data: CampaignOption[] } & Pick<SelectProps<number>, 'placeholder' | 'description' | 'nothingFoundMessage'>) {
  return <SelectField control={control} name={'campaign_id' as FieldPath<T>} label={m.leads_field_campaign()} required searchable allowDeselect={false} {...select} />;
}

export interface LeadFormProps {
  campaigns: CampaignOption[];
  campaignsLoading?: boolean;
  defaultCountry: CountryCode;
  initialCampaignId: number | null;
  onCreated: (lead: Lead) => void;
  onCancel: () => void;
}

/**
 * The create form. A refused save keeps every typed value and puts the service's messages on their
 * fields; the button is off while a save runs, so nothing is sent twice.
 */
export function LeadForm({ campaigns, campaignsLoading, defaultCountry, initialCampaignId, onCreated, onCancel }: LeadFormProps) {
  const create = useCreateLead();
  const { save, unsaved } = useSaveOnce();
  const [duplicateRefused, setDuplicateRefused] = useState(false);
  const form = useForm<LeadFormValues>({
    defaultValues: emptyLeadForm(defaultCountry, initialCampaignId),
    resolver: zodResolver(leadFormSchema, undefined, { raw: true }),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, formState } = form;

  const onValid = async (values: LeadFormValues) => {
    setDuplicateRefused(false);
    await save(
      () => create.mutateAsync(toCreateLeadRequest(values)),
      (answer) => onCreated(answer.data),
      (error) => {
        applyServerErrors(error, setError, (key) => createFormErrorPath(key, values));
        const phoneError = form.getFieldState('phone').error?.message ?? '';
        setDuplicateRefused(/already been taken/i.test(phoneError));
      },
    );
  };

  const busy = formState.isSubmitting || create.isPending;
  return (
    <CardsForm label={m.leads_new_lead()} onSubmit={handleSubmit(onValid)} unsaved={() => unsaved(form.formState.isDirty)}>
      <FormCard title={m.leads_form_card_lead()}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CampaignField
            control={control}
            placeholder={
              campaignsLoading ? m.leads_form_campaigns_loading() : campaigns.length === 0 ? m.leads_form_no_campaigns() : m.leads_form_choose_campaign()
            }
            data={campaigns}
            nothingFoundMessage={m.leads_form_no_such_campaign()}
          />
          <PhoneField control={control} name="phone" label={m.leads_field_phone_number()} required />
          <TextInput label={m.leads_field_customer_name()} {...register('customer_name')} error={formState.errors.customer_name?.message} autoComplete="off" />
          <TextInput label={m.leads_field_email()} type="email" {...register('email')} error={formState.errors.email?.message} autoComplete="off" />
        </SimpleGrid>
        <Controller
          control={control}
          name="allow_duplicate"
          render={({ field }) => (
            <Switch
              mt="lg"
              label={m.leads_form_allow_duplicate()}
              description={m.leads_form_allow_duplicate_hint()}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
            />
          )}
        />
        {duplicateRefused ? (
          <Text size="sm" c="orange" mt="xs" role="status">
            {m.leads_form_duplicate_refused()}
          </Text>
        ) : null}
      </FormCard>

      <FormCard title={m.leads_form_more_variables()} description={m.leads_form_more_variables_hint()}>
        <VariableRows control={control} register={register} name="variables" emptyText={m.leads_form_no_extra_variables()} />
      </FormCard>

      <FormCard title={m.leads_form_secondary_contacts()} description={m.leads_form_secondary_contacts_hint()}>
        <SecondaryContacts control={control} register={register} country={() => form.getValues('phone').country} />
      </FormCard>

      <FormFooter saveError={formState.errors.root?.server} errorTitle={m.leads_form_not_saved()} submitLabel={m.leads_form_create()} onCancel={onCancel} busy={busy} />
    </CardsForm>
  );
}
