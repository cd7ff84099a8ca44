import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { m } from '@/i18n';

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
      title={m.shell_leave_title()}
      centered
    >
      <Text size="sm">{m.shell_leave_body()}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {m.shell_leave_stay()}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {m.shell_leave_discard()}
        </Button>
      </Group>
    </Modal>
  );
}
