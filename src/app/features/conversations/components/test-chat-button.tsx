import { Button, Loader, Portal } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { m } from '@/i18n';
import type { TestChatAssistant } from '../lib/test-chat-assistant';

// The drawer and the chat load on demand (fetched as the pointer or the focus comes to the button).
const loadDrawer = () => import('./test-chat-drawer');
const TestChatDrawer = lazy(loadDrawer);

/**
 * "Test chat" on an assistant's page: a drawer with a text conversation with the assistant, over the
 * service's conversation API (its model and its mid-call tools, for real). Every assistant has it.
 */
export function TestChatButton({ assistant }: { assistant: TestChatAssistant }) {
  const [opened, setOpened] = useState(false);
  // Once opened, the drawer (and the chat in it) stays mounted.
  const [loaded, setLoaded] = useState(false);
  const warm = () => void loadDrawer().catch(() => undefined);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMessageChatbot size={16} aria-hidden />}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setOpened(true);
          setLoaded(true);
        }}
      >
        {m.conversations_test_chat()}
      </Button>
      {loaded ? (
        <Suspense
          fallback={
            // Pressed before the drawer's code arrived: a spinner where the drawer will be.
            <Portal>
              <Loader role="status" aria-label={m.conversations_loading_chat()} pos="fixed" top="50%" right="var(--mantine-spacing-xl)" style={{ zIndex: 300 }} />
            </Portal>
          }
        >
          <TestChatDrawer assistant={assistant} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
