import { useMemo } from 'react';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '@contract';
import { useLanguages } from '@/api/get-languages';
import { useVoices } from '@/api/get-voices';
import { voiceLabel, voicesForMode } from '@/lib/voice-choices';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import type { AssistantFormValues } from '../../lib/form-schema';
import { SliderField, useIdListSelect } from '../fields';
import { FormSection } from '../form-section';
import { LookupSelect } from '../lookup-select';

/** Voices of the chosen mode, and those of no stated mode (Basics clears a voice of the other mode and passes the note). */
function VoiceField({ note }: { note: string | null }) {
  const { control } = useFormContext<AssistantFormValues>();
  const mode = useWatch({ control, name: 'engine_type' });
  const voices = useVoices(mode);
  // Voices whose mode the host does not state are offered too (see voicesForMode).
  const allVoices = useVoices();
  const value = useWatch({ control, name: 'voice_id' });

  const data = useMemo(() => {
    const items = voicesForMode(voices.data, allVoices.data).map((v) => ({ value: String(v.id), label: voiceLabel(v) }));
    if (value !== null && voices.data && !items.some((d) => d.value === String(value))) {
      items.unshift({ value: String(value), label: m.assistants_voice_other_mode({ id: String(value), mode }) });
    }
    return items;
  }, [voices.data, allVoices.data, value, mode]);

  return (
    <LookupSelect
      name="voice_id"
      label={m.assistants_voice()}
      description={m.assistants_voice_description({ mode })}
      placeholder={voices.isPending ? m.assistants_voice_loading() : m.assistants_voice_choose()}
      data={data}
      nothingFoundMessage={m.assistants_voice_nothing()}
      loadError={voices.isError ? m.assistants_voice_load_error() : undefined}
      note={value === null ? note : null}
    />
  );
}

function LanguageField() {
  const { control } = useFormContext<AssistantFormValues>();
  const languages = useLanguages();
  const value = useWatch({ control, name: 'language' });
  const data = useMemo(() => {
    const items = (languages.data ?? []).map((l) => ({ value: l.name, label: l.iso_2 ? `${l.name} (${l.iso_2})` : l.name }));
    if (value && !items.some((d) => d.value === value)) items.unshift({ value, label: value });
    return items;
  }, [languages.data, value]);
  return (
    <LookupSelect
      name="language"
      label={m.common_language()}
      description={m.assistants_language_description()}
      placeholder={languages.isPending ? m.assistants_language_loading() : m.assistants_language_choose()}
      data={data}
      nothingFoundMessage={m.assistants_language_nothing()}
      loadError={languages.isError ? m.assistants_language_load_error() : undefined}
    />
  );
}

/**
 * secondary_language_ids: the languages lookup's ids, the assistant's own language left out of the choice; an id
 * the form holds that the list lacks stays, as "#id".
 */
function SecondaryLanguagesField() {
  const { control } = useFormContext<AssistantFormValues>();
  const languages = useLanguages();
  const primary = useWatch({ control, name: 'language' });
  const { ids, props, fieldState } = useIdListSelect('secondary_language_ids');
  const data = useMemo(() => {
    const items = (languages.data ?? [])
      .filter((l) => l.name !== primary || ids.includes(l.id))
      .map((l) => ({ value: String(l.id), label: l.iso_2 ? `${l.name} (${l.iso_2})` : l.name }));
    for (const id of ids) if (!items.some((d) => d.value === String(id))) items.push({ value: String(id), label: `#${id}` });
    return items;
  }, [languages.data, primary, ids]);
  return (
    <MultiSelect
      label={m.assistants_secondary_languages()}
      description={m.assistants_secondary_languages_description()}
      placeholder={languages.isPending ? m.assistants_language_loading() : m.assistants_secondary_languages_choose()}
      data={data}
      {...props}
      nothingFoundMessage={m.assistants_language_nothing()}
      error={fieldState.error?.message ?? (languages.isError ? m.assistants_language_load_error() : undefined)}
      data-testid="secondary-languages"
    />
  );
}

export function VoiceSection({ voiceNote }: { voiceNote: string | null }) {
  const B = ASSISTANT_BOUNDS;
  return (
    <FormSection id="voice" title={m.assistants_section_voice()} description={m.assistants_section_voice_description()}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <VoiceField note={voiceNote} />
        <LanguageField />
      </SimpleGrid>
      <SecondaryLanguagesField />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <SliderField
          name="speech_speed"
          label={m.assistants_speech_speed()}
          bounds={B.speech_speed}
          format={(v) => `${formatNumber(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`}
          ends={[m.assistants_speech_speed_low(), m.assistants_speech_speed_high()]}
        />
        <SliderField
          name="voice_stability"
          label={m.assistants_stability()}
          bounds={B.voice_stability}
          ends={[m.assistants_stability_low(), m.assistants_stability_high()]}
        />
        <SliderField
          name="voice_similarity"
          label={m.assistants_similarity()}
          bounds={B.voice_similarity}
          ends={[m.assistants_similarity_low(), m.assistants_similarity_high()]}
        />
      </SimpleGrid>
    </FormSection>
  );
}
