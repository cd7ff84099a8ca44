import { Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { m } from '@/i18n';
import type { TestChatAssistant } from '../lib/test-chat-assistant';

// The chat's code loads with the drawer, on the first press of "Test chat".
const TestChatPanel = lazy(() => import('./test-chat-panel'));

/**
 * The Test chat's drawer. Its own module, loaded by TestChatButton on the first press (or when the
 * pointer or the focus comes to the button), not with the assistant's page. Once opened the chat stays
 * (hidden) when the drawer closes: reopening goes on with the same conversation.
 */
export default function TestChatDrawer({ assistant, opened, onClose }: { assistant: TestChatAssistant; opened: boolean; onClose: () => void }) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // Mounted by the press that opens it: drawn closed once, then opened, so it slides in as it always did.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Drawer
      opened={opened && shown}
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 'lg'}
      padding="md"
      returnFocus
      keepMounted
      title={
        <Stack gap={0}>
          <Text fw={600}>{m.conversations_test_chat()}</Text>
          <Text size="xs" c="dimmed">
            {assistant.name}
          </Text>
        </Stack>
      }
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
      data-testid="test-chat"
    >
      <Suspense
        fallback={
          <Stack gap="sm" role="status" aria-busy="true" aria-label={m.conversations_loading_chat()}>
            <Skeleton height={36} />
            <Skeleton height={120} />
          </Stack>
        }
      >
        <TestChatPanel assistant={assistant} />
      </Suspense>
    </Drawer>
  );
}
