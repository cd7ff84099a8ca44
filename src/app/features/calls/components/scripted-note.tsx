import { Group, Text } from '@mantine/core';
import { IconRobotOff } from '@tabler/icons-react';
import { m } from '@/i18n';

/**
 * A call the local service played without a language model (`conversation_mode: 'scripted'`, our
 * extension) says so: its words come from templates, not from the assistant's prompt. Hosted data
 * carries no mode and gets no note.
 */
export function ScriptedNote({ mode }: { mode: string | null | undefined }) {
  if (mode !== 'scripted') return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="scripted-note">
      <IconRobotOff size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="dimmed">
        {m.calls_simulated_without_model()}
      </Text>
    </Group>
  );
}
