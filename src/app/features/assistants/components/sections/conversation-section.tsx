import type { ReactNode } from 'react';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '@contract';
import { m } from '@/i18n';
import { formatNumber, formatPercent } from '@/i18n/format';
import type { AssistantFormValues } from '../../lib/form-schema';
import { ChoiceField, SliderField } from '../fields';
import { SwitchField } from '../switch-field';
import { AssistantNumberField } from '../number-field';
import { FormSection } from '../form-section';
import { FillerPhrases } from '../filler-phrases';

function minutes(seconds: number): string | null {
  if (seconds < 60) return null;
  const minutes = formatNumber(Math.floor(seconds / 60));
  const s = seconds % 60;
  return s === 0 ? m.assistants_minutes({ minutes }) : m.assistants_minutes_seconds({ minutes, seconds: formatNumber(s) });
}

function SubGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export function ConversationSection() {
  const B = ASSISTANT_BOUNDS;
  const { control } = useFormContext<AssistantFormValues>();
  const allowInterruptions = useWatch({ control, name: 'allow_interruptions' });
  const useMinWords = useWatch({ control, name: 'use_min_interrupt_words' });
  const endpointType = useWatch({ control, name: 'endpoint_type' });
  const fillers = useWatch({ control, name: 'filler_audios' });

  return (
    <FormSection id="conversation" title={m.assistants_section_conversation()} description={m.assistants_section_conversation_description()}>
      <SubGroup title={m.assistants_interruptions()}>
        <SwitchField name="allow_interruptions" label={m.assistants_allow_interruptions()} description={m.assistants_allow_interruptions_description()} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <SwitchField
              name="use_min_interrupt_words"
              label={m.assistants_use_min_words()}
              description={m.assistants_use_min_words_description()}
              disabled={!allowInterruptions}
            />
            <AssistantNumberField
              name="min_interrupt_words"
              label={m.assistants_min_words()}
              bounds={B.min_interrupt_words}
              unit={m.assistants_unit_words()}
              disabled={!allowInterruptions || !useMinWords}
            />
          </Stack>
          <SliderField
            name="interrupt_sensitivity"
            label={m.assistants_interrupt_sensitivity()}
            description={m.assistants_interrupt_sensitivity_description()}
            bounds={B.interrupt_sensitivity}
            ends={[m.assistants_interrupt_sensitivity_low(), m.assistants_interrupt_sensitivity_high()]}
            disabled={!allowInterruptions}
          />
        </SimpleGrid>
      </SubGroup>

      <Divider />
      <SubGroup title={m.assistants_end_of_turn()}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ChoiceField
            name="endpoint_type"
            label={m.assistants_endpoint_type()}
            description={
              endpointType === 'ai' ? m.assistants_endpoint_type_ai_description() : m.assistants_endpoint_type_vad_description()
            }
            data={[
              { value: 'vad', label: m.assistants_endpoint_vad() },
              { value: 'ai', label: m.assistants_endpoint_ai() },
            ]}
          />
          <SliderField
            name="endpoint_sensitivity"
            label={m.assistants_endpoint_sensitivity()}
            description={m.assistants_endpoint_sensitivity_description()}
            bounds={B.endpoint_sensitivity}
            ends={[m.assistants_endpoint_sensitivity_low(), m.assistants_endpoint_sensitivity_high()]}
          />
        </SimpleGrid>
      </SubGroup>

      <Divider />
      <SubGroup title={m.assistants_silence_and_length()}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <AssistantNumberField
            name="max_silence_duration"
            label={m.assistants_max_silence()}
            description={m.assistants_max_silence_description()}
            bounds={B.max_silence_duration}
            unit={m.assistants_unit_seconds()}
          />
          <AssistantNumberField
            name="re_engagement_interval"
            label={m.assistants_re_engagement()}
            description={m.assistants_re_engagement_description()}
            bounds={B.re_engagement_interval}
            unit={m.assistants_unit_seconds()}
            hint={minutes}
          />
          <AssistantNumberField
            name="max_call_duration"
            label={m.assistants_max_call_duration()}
            description={m.assistants_max_call_duration_description()}
            bounds={B.max_call_duration}
            unit={m.assistants_unit_seconds()}
            hint={minutes}
          />
        </SimpleGrid>
        <SwitchField name="end_call_on_voicemail" label={m.assistants_voicemail()} description={m.assistants_voicemail_description()} />
      </SubGroup>

      <Divider />
      <SubGroup title={m.assistants_sound()}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <SwitchField name="noise_cancellation" label={m.assistants_noise_cancellation()} description={m.assistants_noise_cancellation_description()} />
            <SwitchField name="filler_audios" label={m.assistants_filler_audios()} description={m.assistants_filler_audios_description()} />
            <SwitchField name="record_call" label={m.assistants_record_call()} description={m.assistants_record_call_description()} />
          </Stack>
          <SliderField
            name="ambient_sound_volume"
            label={m.assistants_ambient_volume()}
            description={m.assistants_ambient_volume_description()}
            bounds={B.ambient_sound_volume}
            format={(v) => formatPercent(v)}
            ends={[m.assistants_ambient_volume_low(), m.assistants_ambient_volume_high()]}
          />
        </SimpleGrid>
        {fillers ? <FillerPhrases /> : null}
      </SubGroup>
    </FormSection>
  );
}
