import { useMemo, useState } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS, type PhoneNumber } from '../../../../../contract';
import { phoneNumbersQuery, usePhoneNumbers, voicesQuery } from '../../../lookups/api';
import { voicesForMode } from '../../../lookups/lib/voice-choices';
import type { AssistantFormValues } from '../../lib/form-schema';
import { timeZoneOptionsWith } from '../../lib/time-zones';
import { ChoiceField } from '../fields';
import { FormSection } from '../form-section';

function phoneLabel(p: PhoneNumber): string {
  return [p.phone_number ?? `Number ${p.id}`, p.country_code, p.type_label].filter(Boolean).join(' · ');
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
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useController({ control, name: 'phone_number_id' });

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
      options.unshift({ value: String(value), label: `${known ? phoneLabel(known) : `Number #${value}`} (not available)` });
    }
    return options;
  }, [list.data, all.data, type, heldPhoneNumberId, value]);

  return (
    <Stack gap={4}>
      <Select
        label="Phone number"
        description={
          type === 'inbound'
            ? 'The number callers dial. Only free numbers that can receive calls are offered.'
            : 'The number the assistant calls from (caller ID).'
        }
        placeholder={list.isPending ? 'Loading numbers…' : data.length === 0 ? `No ${type} numbers available` : 'Choose a number'}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v === null ? null : Number(v))}
        onBlur={onBlur}
        ref={ref}
        name={name}
        clearable
        searchable
        nothingFoundMessage="No number matches"
        error={fieldState.error?.message ?? (list.isError ? 'The numbers could not be loaded.' : undefined)}
      />
      {note ? (
        <Text size="xs" c="orange.8" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
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
      label="Time zone"
      description="For dates and times the assistant says. Type a city or an offset."
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
      nothingFoundMessage="No time zone matches"
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
      const number = all.find((p) => p.id === current)?.phone_number ?? 'The number';
      setPhoneNote(
        type === 'inbound'
          ? `${number} was cleared: an inbound assistant needs a free number that can receive calls (not Caller ID, not held by another inbound assistant).`
          : `${number} was cleared: it is not among your outbound numbers.`,
      );
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
      onVoiceNote(`The voice was cleared: it is not a ${next} voice. Choose one of the ${next} voices.`);
    } catch {
      // As above: the service has the last word.
    }
  }

  return (
    <FormSection id="basics" title="Basics" description="Who the assistant is, which way it calls, and from where.">
      <TextInput
        {...register('assistant_name')}
        label="Name"
        description={`Shown in the console and the call log. Up to ${ASSISTANT_BOUNDS.assistant_name.max} characters.`}
        placeholder="Front desk, Appointment reminders…"
        required
        error={formState.errors.assistant_name?.message}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChoiceField
          name="calls_direction"
          label="Direction"
          description="Inbound assistants answer a number; outbound ones call leads."
          data={[
            { value: 'receive', label: 'Inbound' },
            { value: 'make', label: 'Outbound' },
          ]}
          onValueChange={(v) => void onDirectionChange(v)}
        />
        <ChoiceField
          name="engine_type"
          label="Mode"
          description="Pipeline: speech-to-text, LLM, text-to-speech. Multimodal: one speech model."
          data={[
            { value: 'pipeline', label: 'Pipeline' },
            { value: 'multimodal', label: 'Multimodal' },
          ]}
          onValueChange={(v) => void onModeChange(v)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TimeZoneField />
        <PhoneNumberField heldPhoneNumberId={heldPhoneNumberId} note={phoneNote} />
      </SimpleGrid>
    </FormSection>
  );
}
