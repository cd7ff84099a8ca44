import { ActionIcon, Alert, Code, CopyButton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
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
        {MODEL_SETUP_RECIPES.map((recipe) => {
          const text = recipe.commands.join('\n');
          return (
            <Stack gap={4} key={recipe.name}>
              <Title order={3} size="sm">
                {recipe.name}
              </Title>
              <div style={{ position: 'relative' }}>
                <Code block style={{ paddingRight: 40, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {text}
                </Code>
                <CopyButton value={text}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? m.common_copied() : m.common_copy()} withArrow>
                      <ActionIcon
                        variant="default"
                        size="sm"
                        onClick={copy}
                        aria-label={copied ? m.common_copied() : m.conversations_setup_copy({ name: recipe.name })}
                        style={{ position: 'absolute', top: 6, right: 6 }}
                      >
                        {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </div>
            </Stack>
          );
        })}
        <Text size="sm">{m.conversations_setup_then()}</Text>
      </Stack>
    </Alert>
  );
}
