import { useMemo, useState } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS, type PhoneNumber } from '@contract';
import { phoneNumbersQuery, usePhoneNumbers } from '@/api/get-phone-numbers';
import { voicesQuery } from '@/api/get-voices';
import { voicesForMode } from '@/lib/voice-choices';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { directionLabel, modeLabel } from '../../lib/format';
import type { AssistantFormValues } from '../../lib/form-schema';
import { timeZoneOptionsWith } from '../../lib/time-zones';
import { ChoiceField } from '../fields';
import { FormSection } from '../form-section';
import { LookupSelect } from '../lookup-select';
import { SortingFields } from './sorting-fields';

function phoneLabel(p: PhoneNumber): string {
  return [p.phone_number ?? m.assistants_phone_fallback({ id: String(p.id) }), p.country_code, p.type_label].filter(Boolean).join(' · ');
}

type Direction = AssistantFormValues['calls_direction'];
const phoneTypeOf = (d: Direction) => (d === 'receive' ? 'inbound' : 'outbound');

/**
 * The numbers the assistant may use: an inbound assistant chooses among the free inbound numbers (plus
 * the one it already holds), an outbound one among the outbound numbers.
 */
function PhoneNumberField({ heldPhoneNumberId, note }: { heldPhoneNumberId: number | null; note: string | null }) {
  const { control } = useFormContext<AssistantFormValues>();
  const direction = useWatch({ control, name: 'calls_direction' });
  const type = phoneTypeOf(direction);
  const list = usePhoneNumbers(type);
  const all = usePhoneNumbers();
  const value = useWatch({ control, name: 'phone_number_id' });

  const data = useMemo(() => {
    const items: PhoneNumber[] = [...(list.data ?? [])];
    if (type === 'inbound' && heldPhoneNumberId !== null && !items.some((p) => p.id === heldPhoneNumberId)) {
      const held = all.data?.find((p) => p.id === heldPhoneNumberId);
      if (held) items.unshift(held);
    }
    const options = items.map((p) => ({ value: String(p.id), label: phoneLabel(p) }));
    // What was loaded shows even when this direction cannot use it; the service decides on save.
    if (value !== null && !options.some((o) => o.value === String(value))) {
      const known = all.data?.find((p) => p.id === value);
      options.unshift({
        value: String(value),
        label: m.assistants_phone_not_available({ label: known ? phoneLabel(known) : m.assistants_phone_unknown({ id: String(value) }) }),
      });
    }
    return options;
  }, [list.data, all.data, type, heldPhoneNumberId, value]);

  return (
    <LookupSelect
      name="phone_number_id"
      label={m.assistants_phone_number()}
      description={type === 'inbound' ? m.assistants_phone_description_inbound() : m.assistants_phone_description_outbound()}
      placeholder={
        list.isPending
          ? m.assistants_phone_loading()
          : data.length === 0
            ? type === 'inbound'
              ? m.assistants_phone_none_inbound()
              : m.assistants_phone_none_outbound()
            : m.assistants_phone_choose()
      }
      data={data}
      optional
      nothingFoundMessage={m.assistants_phone_nothing()}
      loadError={list.isError ? m.assistants_phone_load_error() : undefined}
      note={note}
    />
  );
}

function TimeZoneField() {
  const { control } = useFormContext<AssistantFormValues>();
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useController({ control, name: 'timezone' });
  const data = useMemo(() => timeZoneOptionsWith(value), [value]);
  return (
    <Select
      label={m.assistants_timezone()}
      description={m.assistants_timezone_description()}
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? value)}
      onBlur={onBlur}
      ref={ref}
      name={name}
      searchable
      allowDeselect={false}
      required
      limit={60}
      nothingFoundMessage={m.assistants_timezone_nothing()}
      error={fieldState.error?.message}
    />
  );
}

/**
 * Basics. A change of direction or mode makes the lists that follow it re-check the current choice:
 * a number the new direction cannot use, or a voice of the other mode, is cleared and the field says why.
 */
export function BasicsSection({
  heldPhoneNumberId,
  onVoiceNote,
}: {
  heldPhoneNumberId: number | null;
  onVoiceNote: (note: string | null) => void;
}) {
  const { register, formState, getValues, setValue } = useFormContext<AssistantFormValues>();
  const queryClient = useQueryClient();
  const [phoneNote, setPhoneNote] = useState<string | null>(null);

  async function onDirectionChange(next: Direction) {
    setPhoneNote(null);
    const current = getValues('phone_number_id');
    if (current === null) return;
    const type = phoneTypeOf(next);
    try {
      const [usable, all] = await Promise.all([
        queryClient.fetchQuery(phoneNumbersQuery(type)),
        queryClient.fetchQuery(phoneNumbersQuery()),
      ]);
      // A quicker second change wins.
      if (getValues('calls_direction') !== next || getValues('phone_number_id') !== current) return;
      const keeps = usable.some((p) => p.id === current) || (type === 'inbound' && current === heldPhoneNumberId);
      if (keeps) return;
      setValue('phone_number_id', null, { shouldDirty: true });
      const number = all.find((p) => p.id === current)?.phone_number ?? m.assistants_phone_the_number();
      setPhoneNote(type === 'inbound' ? m.assistants_phone_cleared_inbound({ number }) : m.assistants_phone_cleared_outbound({ number }));
    } catch {
      // The lists did not load: the choice stays, and the service says on save if it cannot be used.
    }
  }

  async function onModeChange(next: AssistantFormValues['engine_type']) {
    onVoiceNote(null);
    const current = getValues('voice_id');
    if (current === null) return;
    try {
      const [voices, all] = await Promise.all([queryClient.fetchQuery(voicesQuery(next)), queryClient.fetchQuery(voicesQuery())]);
      if (getValues('engine_type') !== next || getValues('voice_id') !== current) return;
      // A voice of no stated mode is kept: nothing says it does not fit.
      if (voicesForMode(voices, all).some((v) => v.id === current)) return;
      setValue('voice_id', null, { shouldDirty: true });
      onVoiceNote(m.assistants_voice_cleared({ mode: next }));
    } catch {
      // As above: the service has the last word.
    }
  }

  return (
    <FormSection id="basics" title={m.assistants_section_basics()} description={m.assistants_section_basics_description()}>
      <TextInput
        {...register('assistant_name')}
        label={m.common_name()}
        description={m.assistants_name_description({ max: formatNumber(ASSISTANT_BOUNDS.assistant_name.max) })}
        placeholder={m.assistants_name_placeholder()}
        required
        error={formState.errors.assistant_name?.message}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChoiceField
          name="calls_direction"
          label={m.assistants_direction()}
          description={m.assistants_direction_description()}
          data={[
            { value: 'receive', label: directionLabel('inbound') },
            { value: 'make', label: directionLabel('outbound') },
          ]}
          onValueChange={(v) => void onDirectionChange(v)}
        />
        <ChoiceField
          name="engine_type"
          label={m.assistants_mode()}
          description={m.assistants_mode_description()}
          data={[
            { value: 'pipeline', label: modeLabel('pipeline') },
            { value: 'multimodal', label: modeLabel('multimodal') },
          ]}
          onValueChange={(v) => void onModeChange(v)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TimeZoneField />
        <PhoneNumberField heldPhoneNumberId={heldPhoneNumberId} note={phoneNote} />
      </SimpleGrid>
      <SortingFields />
    </FormSection>
  );
}
