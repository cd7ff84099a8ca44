import { lazy, Suspense, useEffect, useState } from 'react';
import { AssistantDrawer } from '@/components/assistant-drawer';
import { m } from '@/i18n';
import type { TestChatAssistant } from '../lib/test-chat-assistant';
import { PanelSkeleton } from '@/components/panel-skeleton';

// The chat's code loads with the drawer, on the first press of "Test chat".
const TestChatPanel = lazy(() => import('./test-chat-panel'));

/**
 * The Test chat's drawer. Its own module, loaded by TestChatButton on the first press (or when the
 * pointer or the focus comes to the button), not with the assistant's page. Once opened the chat stays
 * (hidden) when the drawer closes: reopening goes on with the same conversation.
 */
export default function TestChatDrawer({ assistant, opened, onClose }: { assistant: TestChatAssistant; opened: boolean; onClose: () => void }) {
  // Mounted by the press that opens it: drawn closed once, then opened, so it slides in as it always did.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <AssistantDrawer
      title={m.conversations_test_chat()}
      assistantName={assistant.name}
      opened={opened && shown}
      onClose={onClose}
      keepMounted
      testId="test-chat"
    >
      <Suspense fallback={<PanelSkeleton label={m.conversations_loading_chat()} contentHeight={120} />}>
        <TestChatPanel assistant={assistant} />
      </Suspense>
    </AssistantDrawer>
  );
}
