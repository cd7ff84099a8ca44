import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
import { m } from '@/i18n';

/** A failed load, said plainly, with a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title,
  retrying = false,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" variant="light" title={title ?? m.shell_error_title()} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry} loading={retrying}>
            {m.shell_retry()}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
