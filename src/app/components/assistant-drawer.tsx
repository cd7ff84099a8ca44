import { Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The right-hand drawer an assistant's page opens for talking to it (the Test chat, the web call): full width
 * on a narrow screen, titled with what it is and the assistant's name, its body a column the content fills.
 */
export function AssistantDrawer({
  title,
  assistantName,
  opened,
  onClose,
  keepMounted,
  testId,
  children,
}: {
  title: string;
  assistantName: string;
  opened: boolean;
  onClose: () => void;
  /** Keep the content (hidden) while closed, so reopening goes on where it was. */
  keepMounted: boolean;
  testId: string;
  children: ReactNode;
}) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 'lg'}
      padding="md"
      returnFocus
      keepMounted={keepMounted}
      title={
        <Stack gap={0}>
          <Text fw={600}>{title}</Text>
          <Text size="xs" c="dimmed">
            {assistantName}
          </Text>
        </Stack>
      }
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
      data-testid={testId}
    >
      {children}
    </Drawer>
  );
}
