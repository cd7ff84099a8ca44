import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

/**
 * Asks before leaving a form with unsaved changes: a dialog for the console's own navigation (links,
 * back button), the browser's prompt for closing or reloading the tab. `when` is read at the moment of
 * leaving, so a form that just saved can navigate away in the same tick (pass a function reading a ref).
 */
export function UnsavedChangesGuard({ when }: { when: boolean | (() => boolean) }) {
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  }, [when]);
  const shouldBlock = () => {
    const w = whenRef.current;
    return typeof w === 'function' ? w() : w;
  };
  const blocker = useBlocker({ shouldBlockFn: shouldBlock, enableBeforeUnload: shouldBlock, withResolver: true });

  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Text size="sm">You have changes that are not saved. If you leave this page now they are lost.</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay and keep editing
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave and discard changes
        </Button>
      </Group>
    </Modal>
  );
}
