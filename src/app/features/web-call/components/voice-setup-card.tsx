import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import type { VoiceInfo } from '@contract/voice';
import { m } from '@/i18n';
import { MODEL_RECIPES, START_COMMAND, TRANSCRIPTION_RECIPES, type SetupRecipe } from '../lib/setup';
import { CommandBlock } from '@/components/command-block';

function Recipes({ heading, recipes }: { heading: string; recipes: readonly SetupRecipe[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="sm">
        {heading}
      </Title>
      {recipes.map((recipe) => (
        <Stack gap={4} key={recipe.name}>
          <Text size="sm" fw={500}>
            {recipe.name}
          </Text>
          <CommandBlock text={recipe.commands.join('\n')} copyLabel={m.webcall_setup_copy({ name: recipe.name })} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The service cannot take a web call (no transcription server or no model; for a multimodal or dualplex
 * assistant, `realtimeMode`, no speech-to-speech endpoint): how to run both locally, in a
 * few commands, and what the service said when it refused (a 503's message). Like the Test chat's card.
 */
export function VoiceSetupCard({ info, message, realtimeMode }: { info?: VoiceInfo | undefined; message?: string | undefined; realtimeMode?: string | undefined }) {
  return (
    <Alert variant="light" color="blue" icon={<IconPlugConnected size={18} aria-hidden />} title={m.webcall_setup_title()} data-testid="voice-setup">
      <Stack gap="sm">
        <Text size="sm">{m.webcall_setup_intro()}</Text>
        {info && !realtimeMode && !info.transcription ? <Text size="sm" fw={500}>{m.webcall_setup_missing_stt()}</Text> : null}
        {info && !realtimeMode && !info.model ? <Text size="sm" fw={500}>{m.webcall_setup_missing_model()}</Text> : null}
        {info && realtimeMode && !info.realtime ? (
          <Text size="sm" fw={500}>
            {m.webcall_setup_missing_realtime({ mode: realtimeMode })}
          </Text>
        ) : null}
        {message ? (
          <Text size="sm" c="dimmed">
            {m.webcall_setup_service_said({ message })}
          </Text>
        ) : null}
        <Recipes heading={m.webcall_setup_stt_heading()} recipes={TRANSCRIPTION_RECIPES} />
        <Recipes heading={m.webcall_setup_model_heading()} recipes={MODEL_RECIPES} />
        <Stack gap={4}>
          <Title order={3} size="sm">
            {m.webcall_setup_start_heading()}
          </Title>
          <CommandBlock text={START_COMMAND} copyLabel={m.webcall_setup_copy({ name: m.webcall_setup_start_heading() })} />
        </Stack>
        <Text size="sm">{m.webcall_setup_then()}</Text>
      </Stack>
    </Alert>
  );
}
