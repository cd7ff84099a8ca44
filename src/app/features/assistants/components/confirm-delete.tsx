import { Text } from '@mantine/core';
import { confirmAction } from '../../../lib/confirm';

/** The confirmation before deleting an assistant: it names the assistant and says what follows. */
export function confirmDeleteAssistant(name: string): Promise<boolean> {
  return confirmAction({
    title: `Delete the assistant “${name}”?`,
    children: (
      <Text size="sm">
        <Text span fw={600}>
          {name}
        </Text>{' '}
        stops taking and making calls. Its phone number is freed and its tools are detached. Past calls stay in the call log.
      </Text>
    ),
    confirmLabel: 'Delete assistant',
    danger: true,
  });
}
