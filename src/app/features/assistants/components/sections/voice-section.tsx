import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '../../../../../contract';
import { useLanguages, useVoices } from '../../../lookups/api';
import { voiceLabel, voicesForMode } from '../../../lookups/lib/voice-choices';
import type { AssistantFormValues } from '../../lib/form-schema';
import { SliderField } from '../fields';
import { FormSection } from '../form-section';

/** Voices of the chosen mode, and those of no stated mode (Basics clears a voice of the other mode and passes the note). */
function VoiceField({ note }: { note: string | null }) {
  const { control } = useFormContext<AssistantFormValues>();
  const mode = useWatch({ control, name: 'engine_type' });
  const voices = useVoices(mode);
  // Voices whose mode the host does not state are offered too (see voicesForMode).
  const allVoices = useVoices();
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useController({ control, name: 'voice_id' });

  const data = useMemo(() => {
    const items = voicesForMode(voices.data, allVoices.data).map((v) => ({ value: String(v.id), label: voiceLabel(v) }));
    if (value !== null && voices.data && !items.some((d) => d.value === String(value))) {
      items.unshift({ value: String(value), label: `Voice #${value} (not a ${mode} voice)` });
    }
    return items;
  }, [voices.data, allVoices.data, value, mode]);

  return (
    <Stack gap={4}>
      <Select
        label="Voice"
        description={`The ${mode} voices you can use.`}
        placeholder={voices.isPending ? 'Loading voices…' : 'Choose a voice'}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v === null ? null : Number(v))}
        onBlur={onBlur}
        ref={ref}
        name={name}
        searchable
        required
        allowDeselect={false}
        nothingFoundMessage="No voice matches"
        error={fieldState.error?.message ?? (voices.isError ? 'The voices could not be loaded.' : undefined)}
      />
      {note && value === null ? (
        <Text size="xs" c="orange.8" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

function LanguageField() {
  const { control } = useFormContext<AssistantFormValues>();
  const languages = useLanguages();
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useController({ control, name: 'language' });
  const data = useMemo(() => {
    const items = (languages.data ?? []).map((l) => ({ value: l.name, label: l.iso_2 ? `${l.name} (${l.iso_2})` : l.name }));
    if (value && !items.some((d) => d.value === value)) items.unshift({ value, label: value });
    return items;
  }, [languages.data, value]);
  return (
    <Select
      label="Language"
      description="The language the assistant speaks and understands."
      placeholder={languages.isPending ? 'Loading languages…' : 'Choose a language'}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      ref={ref}
      name={name}
      searchable
      required
      allowDeselect={false}
      nothingFoundMessage="No language matches"
      error={fieldState.error?.message ?? (languages.isError ? 'The languages could not be loaded.' : undefined)}
    />
  );
}

export function VoiceSection({ voiceNote }: { voiceNote: string | null }) {
  const B = ASSISTANT_BOUNDS;
  return (
    <FormSection id="voice" title="Voice and language" description="How the assistant sounds.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <VoiceField note={voiceNote} />
        <LanguageField />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <SliderField name="speech_speed" label="Speech speed" bounds={B.speech_speed} format={(v) => `${v.toFixed(2)}×`} lowLabel="slower" highLabel="faster" />
        <SliderField name="voice_stability" label="Stability" bounds={B.voice_stability} lowLabel="expressive" highLabel="steady" />
        <SliderField name="voice_similarity" label="Similarity" bounds={B.voice_similarity} lowLabel="loose" highLabel="close" />
      </SimpleGrid>
    </FormSection>
  );
}
