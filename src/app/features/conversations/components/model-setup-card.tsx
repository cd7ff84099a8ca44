import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
import { CommandBlock } from '@/components/command-block';
import { m } from '@/i18n';
import { MODEL_SETUP_RECIPES } from '../lib/setup';

/**
 * The service has no language model: how to connect one (Ollama or llama.cpp, each in two or three
 * commands), under the service's own words.
 */
export function ModelSetupCard({ error }: { error: unknown }) {
  return (
    <Alert variant="light" color="blue" icon={<IconPlugConnected size={18} aria-hidden />} title={m.conversations_setup_title()} data-testid="model-setup">
      <Stack gap="sm">
        <Text size="sm">{m.conversations_setup_intro()}</Text>
        <Text size="sm" c="dimmed">
          {m.conversations_setup_service_said({ message: errorMessage(error) })}
        </Text>
        {MODEL_SETUP_RECIPES.map((recipe) => (
          <Stack gap={4} key={recipe.name}>
            <Title order={3} size="sm">
              {recipe.name}
            </Title>
            <CommandBlock text={recipe.commands.join('\n')} copyLabel={m.conversations_setup_copy({ name: recipe.name })} />
          </Stack>
        ))}
        <Text size="sm">{m.conversations_setup_then()}</Text>
      </Stack>
    </Alert>
  );
}
