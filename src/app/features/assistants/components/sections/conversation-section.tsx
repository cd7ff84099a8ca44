import type { ReactNode } from 'react';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '../../../../../contract';
import type { AssistantFormValues } from '../../lib/form-schema';
import { ChoiceField, NumberField, SliderField, SwitchField } from '../fields';
import { FormSection } from '../form-section';

function minutes(seconds: number): string | null {
  if (seconds < 60) return null;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
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

  return (
    <FormSection id="conversation" title="Conversation" description="Turn-taking, silence, length and sound of the call.">
      <SubGroup title="Interruptions">
        <SwitchField
          name="allow_interruptions"
          label="Let the caller interrupt"
          description="The assistant stops talking when the caller speaks over it."
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <SwitchField
              name="use_min_interrupt_words"
              label="Require a minimum of words"
              description="Short sounds (“uh-huh”) do not interrupt."
              disabled={!allowInterruptions}
            />
            <NumberField
              name="min_interrupt_words"
              label="Minimum interrupt words"
              bounds={B.min_interrupt_words}
              unit="words"
              disabled={!allowInterruptions || !useMinWords}
            />
          </Stack>
          <SliderField
            name="interrupt_sensitivity"
            label="Interrupt sensitivity"
            description="How readily speech counts as an interruption."
            bounds={B.interrupt_sensitivity}
            lowLabel="hard to interrupt"
            highLabel="easy"
            disabled={!allowInterruptions}
          />
        </SimpleGrid>
      </SubGroup>

      <Divider />
      <SubGroup title="End of the caller's turn">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ChoiceField
            name="endpoint_type"
            label="Endpoint detection"
            description={
              endpointType === 'ai'
                ? 'AI: a model judges whether the caller has finished.'
                : 'VAD: a pause in the voice ends the turn.'
            }
            data={[
              { value: 'vad', label: 'Voice activity (VAD)' },
              { value: 'ai', label: 'AI' },
            ]}
          />
          <SliderField
            name="endpoint_sensitivity"
            label="Endpoint sensitivity"
            description="How quickly the assistant answers after the caller stops."
            bounds={B.endpoint_sensitivity}
            lowLabel="waits longer"
            highLabel="answers sooner"
          />
        </SimpleGrid>
      </SubGroup>

      <Divider />
      <SubGroup title="Silence and length">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberField
            name="max_silence_duration"
            label="Silence before re-engaging"
            description="Seconds of silence before the assistant speaks up."
            bounds={B.max_silence_duration}
            unit="s"
          />
          <NumberField
            name="re_engagement_interval"
            label="Re-engagement interval"
            description="Seconds between repeated prompts."
            bounds={B.re_engagement_interval}
            unit="s"
            hint={minutes}
          />
          <NumberField
            name="max_call_duration"
            label="Maximum call duration"
            description="The call ends after this."
            bounds={B.max_call_duration}
            unit="s"
            hint={minutes}
          />
        </SimpleGrid>
        <SwitchField
          name="end_call_on_voicemail"
          label="Hang up on voicemail"
          description="End the call when an answering machine picks up."
        />
      </SubGroup>

      <Divider />
      <SubGroup title="Sound">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <SwitchField name="noise_cancellation" label="Noise cancellation" description="Filter background noise from the caller's side." />
            <SwitchField name="filler_audios" label="Filler sounds" description="Short sounds (“hmm”, “let me see”) while the assistant thinks." />
            <SwitchField name="record_call" label="Record the call" description="Keep a recording for the call log." />
          </Stack>
          <SliderField
            name="ambient_sound_volume"
            label="Ambient sound volume"
            description="Background sound under the assistant's voice."
            bounds={B.ambient_sound_volume}
            format={(v) => `${Math.round(v * 100)}%`}
            lowLabel="off"
            highLabel="loud"
          />
        </SimpleGrid>
      </SubGroup>
    </FormSection>
  );
}
