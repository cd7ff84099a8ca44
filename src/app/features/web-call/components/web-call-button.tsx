import { lazy, Suspense, useState } from 'react';
import { Button, Loader, Portal } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useIsLocalService } from '@/api/local-service';
import { m } from '@/i18n';
import type { WebCallAssistant } from './web-call-drawer';

// The drawer, the call and its audio code load on demand (warmed as the pointer or the focus comes to the button).
const loadDrawer = () => import('./web-call-drawer');
const WebCallDrawer = lazy(loadDrawer);

/**
 * "Start web call" on an assistant's page: talk to the assistant through the microphone, over the local
 * service's voice pipeline. Only the local service has it: against another host the button is not there.
 */
export function WebCallButton({ assistant }: { assistant: WebCallAssistant }) {
  const local = useIsLocalService();
  const [opened, setOpened] = useState(false);
  // Once opened, the drawer stays mounted (closed, without content): closing returns the focus to the button.
  const [loaded, setLoaded] = useState(false);
  const warm = () => void loadDrawer().catch(() => undefined);
  if (local !== true) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconHeadset size={16} aria-hidden />}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setOpened(true);
          setLoaded(true);
        }}
        data-testid="start-web-call"
      >
        {m.webcall_start()}
      </Button>
      {loaded ? (
        <Suspense
          fallback={
            <Portal>
              <Loader role="status" aria-label={m.webcall_loading()} pos="fixed" top="50%" right="var(--mantine-spacing-xl)" style={{ zIndex: 300 }} />
            </Portal>
          }
        >
          <WebCallDrawer assistant={assistant} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
