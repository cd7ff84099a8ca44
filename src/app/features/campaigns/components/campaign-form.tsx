import { useMemo, type ReactNode } from 'react';
import { Chip, Group, Input, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { CAMPAIGN_BOUNDS, WEEKDAYS, type Campaign } from '@contract/campaign';
import { ApiError } from '@/api/errors';
import { CardsForm, FormCard } from '@/components/form-card';
import { FormFooter } from '@/components/form-footer';
import { SelectField } from '@/components/select-field';
import { NumberField } from '@/components/number-field';
import { applyApiErrorToForm } from '@/lib/form-errors';
import { useSaveOnce } from '@/lib/save-once';
import { useCreateCampaign } from '../api/create-campaign';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { formatMinutes, weekdayName } from '../lib/format';
import { campaignErrorMap, campaignErrorPath, campaignFormDefaults, campaignFormSchema, timeZones, toCreateCampaignRequest, type CampaignFormValues } from '../lib/form-schema';

export interface AssistantOption {
  value: number;
  label: string;
  timezone: string | null;
}

export interface PhoneNumberOption {
  value: number;
  label: string;
}


const FIELDS = Object.keys(campaignFormDefaults);

/** A bound as the service writes it ("4320"), in the reader's digits. */
const bound = (n: number) => formatNumber(n, { useGrouping: false });

type BoundedName = 'max_calls_in_parallel' | 'max_retries' | 'retry_interval';

/** One of the campaign's bounded numbers: its bounds and range come from the contract, under its name. */
function BoundedField({ control, name, label, description }: { control: Control<CampaignFormValues>; name: BoundedName; label: string; description?: string }) {
  const bounds = CAMPAIGN_BOUNDS[name];
  return (
    <NumberField
      control={control}
      name={name}
      holds="as-typed"
      bounds={bounds}
      label={label}
      description={description ?? m.campaigns_range({ min: bound(bounds.min), max: bound(bounds.max) })}
      required
    />
  );
}

export interface CampaignFormProps {
  assistants: AssistantOption[];
  assistantsLoading?: boolean;
  /** Outbound numbers; the campaign calls from these. */
  phoneNumbers: PhoneNumberOption[];
  phoneNumbersLoading?: boolean;
  /** Shown above the button when the assistants or numbers could not be loaded. */
  notice?: ReactNode;
  onCreated: (campaign: Campaign) => void;
  onCancel: () => void;
}

export function CampaignForm({ assistants, assistantsLoading, phoneNumbers, phoneNumbersLoading, notice, onCreated, onCancel }: CampaignFormProps) {
  const create = useCreateCampaign();
  const { save, unsaved } = useSaveOnce();
  const form = useForm<CampaignFormValues>({
    defaultValues: campaignFormDefaults,
    // The schema reads '' from an empty number input as "required"; its input type is wider than the form's.
    resolver: zodResolver(campaignFormSchema, { error: campaignErrorMap }, { raw: true }) as unknown as Resolver<CampaignFormValues>,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const assistantId = useWatch({ control, name: 'assistant_id' });
  const assistantZone = assistants.find((a) => a.value === assistantId)?.timezone ?? null;
  const zones = useMemo(() => timeZones(), []);
  const interval = useWatch({ control, name: 'retry_interval' });

  const onValid = async (values: CampaignFormValues) => {
    const parsed = campaignFormSchema.parse(values);
    await save(
      () => create.mutateAsync(toCreateCampaignRequest(parsed)),
      onCreated,
      (error) => {
        const rename = error instanceof ApiError ? Object.fromEntries(Object.keys(error.fieldErrors).map((k) => [k, campaignErrorPath(k)])) : {};
        applyApiErrorToForm(error, setError, { fields: FIELDS, rename });
      },
    );
  };

  const busy = formState.isSubmitting || create.isPending;
  const b = CAMPAIGN_BOUNDS;
  return (
    <CardsForm label={m.campaigns_new()} onSubmit={handleSubmit(onValid)} unsaved={() => unsaved(form.formState.isDirty)}>
      <FormCard title={m.campaigns_campaign()}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={m.common_name()} required maxLength={b.name.max} {...register('name')} error={formState.errors.name?.message} autoComplete="off" />
          <SelectField
            control={control}
            name="assistant_id"
            label={m.campaigns_field_assistant()}
            required
            data={assistants}
            placeholder={assistantsLoading ? m.campaigns_assistants_loading() : assistants.length === 0 ? m.campaigns_assistants_none() : m.campaigns_assistant_choose()}
            searchable
            allowDeselect={false}
            nothingFoundMessage={m.campaigns_assistant_not_found()}
          />
          <Controller
            control={control}
            name="phone_number_ids"
            render={({ field, fieldState }) => (
              <MultiSelect<number>
                label={m.campaigns_field_numbers()}
                description={m.campaigns_numbers_hint()}
                data={phoneNumbers}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                placeholder={
                  phoneNumbersLoading ? m.campaigns_numbers_loading() : field.value.length ? undefined : phoneNumbers.length === 0 ? m.campaigns_numbers_none() : m.campaigns_numbers_choose()
                }
                searchable
                clearable
              />
            )}
          />
          <BoundedField control={control} name="max_calls_in_parallel" label={m.campaigns_field_parallel()} />
        </SimpleGrid>
      </FormCard>

      <FormCard title={m.campaigns_section_when()} description={m.campaigns_section_when_hint()}>
        <Stack gap="md">
          <Controller
            control={control}
            name="allowed_days"
            render={({ field, fieldState }) => (
              <Input.Wrapper label={m.campaigns_field_days()} required error={fieldState.error?.message}>
                <Chip.Group multiple value={field.value} onChange={(v) => field.onChange(WEEKDAYS.filter((d) => v.includes(d)))}>
                  <Group gap={6} mt={6}>
                    {WEEKDAYS.map((d) => (
                      <Chip key={d} value={d} size="sm" variant="outline" aria-label={weekdayName(d, 'long')}>
                        {weekdayName(d)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Input.Wrapper>
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput label={m.campaigns_field_from()} type="time" required {...register('allowed_hours_start_time')} error={formState.errors.allowed_hours_start_time?.message} />
            <TextInput label={m.campaigns_field_until()} type="time" required {...register('allowed_hours_end_time')} error={formState.errors.allowed_hours_end_time?.message} />
            <SelectField
              control={control}
              name="timezone"
              label={m.campaigns_field_timezone()}
              data={zones}
              // Short enough to show whole in a third of the row.
              placeholder={assistantZone ? m.campaigns_timezone_assistant_zone({ zone: assistantZone }) : m.campaigns_timezone_assistant()}
              searchable
              clearable
            />
          </SimpleGrid>
        </Stack>
      </FormCard>

      <FormCard title={m.campaigns_section_retries()} description={m.campaigns_section_retries_hint()}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <BoundedField control={control} name="max_retries" label={m.campaigns_field_attempts()} />
          <BoundedField
            control={control}
            name="retry_interval"
            label={m.campaigns_field_interval()}
            description={`${m.campaigns_range_words({ min: bound(b.retry_interval.min), max: bound(b.retry_interval.max), words: formatMinutes(b.retry_interval.max) })}${
              typeof interval === 'number' && interval >= 60 ? ` · ${formatMinutes(interval)}` : ''
            }`}
          />
        </SimpleGrid>
      </FormCard>

      {notice}
      <FormFooter saveError={formState.errors.root?.server} errorTitle={m.campaigns_not_created()} submitLabel={m.campaigns_create()} onCancel={onCancel} busy={busy} />
    </CardsForm>
  );
}
