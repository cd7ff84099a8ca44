import { Button, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { m } from '@/i18n';
import type { TestChatAssistant } from '../lib/test-chat-assistant';

// The chat's code loads when the button is first pressed, not with the assistant's page.
const TestChatPanel = lazy(() => import('./test-chat-panel'));

/**
 * "Test chat" on an assistant's page: a drawer with a text conversation with the assistant, over the
 * service's conversation API (its model and its mid-call tools, for real). Every assistant has it.
 */
export function TestChatButton({ assistant }: { assistant: TestChatAssistant }) {
  const [opened, setOpened] = useState(false);
  // Once opened, the chat stays (hidden) when the drawer closes: reopening goes on with the same conversation.
  const [loaded, setLoaded] = useState(false);
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <>
      <Button variant="light" leftSection={<IconMessageChatbot size={16} aria-hidden />} onClick={() => {
          setOpened(true);
          setLoaded(true);
        }}>
        {m.conversations_test_chat()}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
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
        {loaded ? (
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
        ) : null}
      </Drawer>
    </>
  );
}
