import { useEffect, useRef, useState } from 'react';
import { Alert, SimpleGrid, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { LEAD_INVALID_FIELDS_PREFIX, LEAD_SETTABLE_STATUS, type Lead } from '@contract/lead';
import { m } from '@/i18n';
import { CardsForm, FormCard } from '@/components/form-card';
import { FormFooter } from '@/components/form-footer';
import { SelectField } from '@/components/select-field';
import { useSaveOnce } from '@/lib/save-once';
import { useUpdateLead } from '../api/update-lead';
import { editFormErrorPath, leadEditSchema, leadEditValues, statusOptions, toUpdateLeadRequest, type LeadEditValues } from '../lib/form-schema';
import type { CountryCode } from '@/lib/phone';
import { applyServerErrors } from '@/lib/server-errors';
import { leadStatusLabel, statusSelectData } from '@/lib/lead-status';
import type { CampaignOption } from './lead-filters';
import { PhoneField } from '@/components/phone-field';
import { CampaignField } from './lead-form';
import { VariableRows } from '@/components/variable-rows';

export interface LeadEditFormProps {
  lead: Lead;
  campaigns: CampaignOption[];
  defaultCountry: CountryCode;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The edit form: exactly the four fields the update endpoint takes (campaign, phone, status, variables).
 * Only what changed is sent. Variables merge into the stored ones; the API has no way to remove one.
 */
export function LeadEditForm({ lead, campaigns, defaultCountry, onSaved, onCancel }: LeadEditFormProps) {
  const update = useUpdateLead(lead.id);
  const { save, unsaved } = useSaveOnce();
  const form = useForm<LeadEditValues>({
    defaultValues: leadEditValues(lead, defaultCountry),
    resolver: zodResolver(leadEditSchema, undefined, { raw: true }),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, formState } = form;
  /*
   * What the person is editing against: the lead as the form was opened, or as it was last refreshed while
   * nothing was typed. A newer copy (the live stream, another tab, the dialler) replaces it only while the
   * form is clean, so it never throws away what was typed, and a retry after an unknown outcome sends again.
   */
  const [baseline, setBaseline] = useState(lead);
  // Adjusted while rendering (React's pattern for state derived from props); the form follows in an effect.
  if (lead.updated_at !== baseline.updated_at && !formState.isDirty) setBaseline(lead);
  const shown = useRef(baseline);
  useEffect(() => {
    if (shown.current === baseline) return;
    shown.current = baseline;
    form.reset(leadEditValues(baseline, defaultCountry));
  }, [baseline, form, defaultCountry]);
  const values = useWatch({ control }) as LeadEditValues;
  const changes = toUpdateLeadRequest(values, baseline);
  const nothingChanged = Object.keys(changes).length === 0;

  // A campaign the list no longer offers (another user's view, a deleted one) is still shown.
  const campaignData =
    lead.campaign && !campaigns.some((c) => c.value === lead.campaign!.id)
      ? [...campaigns, { value: lead.campaign.id, label: lead.campaign.name || m.leads_campaign_fallback({ id: lead.campaign.id }) }]
      : campaigns;

  const onValid = async (v: LeadEditValues) => {
    const body = toUpdateLeadRequest(v, baseline);
    if (Object.keys(body).length === 0) return;
    await save(
      () => update.mutateAsync(body),
      () => onSaved(),
      (error) =>
        applyServerErrors(
          error,
          setError,
          (key) => editFormErrorPath(key, v),
          // The update endpoint answers some refusals with a message only.
          (e) => {
            if (e.message.startsWith(LEAD_INVALID_FIELDS_PREFIX)) return null;
            if (/phone number/i.test(e.message)) return 'phone';
            if (/campaign/i.test(e.message)) return 'campaign_id';
            if (/status/i.test(e.message)) return 'status';
            return null;
          },
        ),
    );
  };

  const busy = formState.isSubmitting || update.isPending;
  return (
    <CardsForm label={m.leads_edit_title()} onSubmit={handleSubmit(onValid)} unsaved={() => unsaved(form.formState.isDirty)}>
      <FormCard title={m.leads_form_card_lead()} description={m.leads_edit_card_hint()}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CampaignField control={control} data={campaignData} description={lead.secondary_contacts.length > 0 ? m.leads_edit_contacts_move() : undefined} />
          <PhoneField control={control} name="phone" label={m.leads_field_phone_number()} required />
          <SelectField
            control={control}
            name="status"
            keepOnClear
            label={m.common_status()}
            data={statusSelectData(statusOptions(lead.status))}
            allowDeselect={false}
            description={m.leads_edit_status_hint({ status: leadStatusLabel(LEAD_SETTABLE_STATUS) })}
          />
        </SimpleGrid>
      </FormCard>

      <FormCard
        title={m.leads_edit_variables()}
        description={
          <>
            {m.leads_edit_variables_hint_before()}
            <b>{m.leads_edit_variables_hint_merged()}</b>
            {m.leads_edit_variables_hint_after()}
          </>
        }
      >
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} mb="md" p="xs">
          <Text size="sm">{m.leads_edit_cannot_remove()}</Text>
        </Alert>
        <VariableRows control={control} register={register} name="variables" emptyText={m.leads_edit_no_variables()} />
      </FormCard>

      <FormFooter
        saveError={formState.errors.root?.server}
        errorTitle={m.leads_edit_not_saved()}
        submitLabel={m.common_save_changes()}
        submitDisabled={nothingChanged}
        onCancel={onCancel}
        busy={busy}
      />
    </CardsForm>
  );
}
