import { Text } from '@mantine/core';
import { m } from '@/i18n';
import { confirmAction } from '@/lib/confirm';

/** The confirmation before deleting an assistant: it names the assistant and says what follows. */
export function confirmDeleteAssistant(name: string): Promise<boolean> {
  return confirmAction({
    title: m.assistants_delete_title({ name }),
    children: (
      <Text size="sm">
        <Text span fw={600}>
          {name}
        </Text>{' '}
        {m.assistants_delete_body()}
      </Text>
    ),
    confirmLabel: m.assistants_delete_confirm(),
    danger: true,
  });
}
