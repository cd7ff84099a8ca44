import { useEffect } from 'react';
import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isApiError, errorMessage } from '@/api/errors';
import { m } from '@/i18n';

/** Every route's error page: what went wrong and a retry that reruns the route's loader. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorReset.reset();
  }, [queryErrorReset]);

  // A refused token: the session watcher is already on its way to the sign-in page.
  if (isApiError(error) && error.isUnauthorized) return null;

  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={m.shell_route_error_title()} icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        <Text size="sm">{errorMessage(error)}</Text>
        <Group mt="md" gap="sm">
          <Button
            size="sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {m.shell_retry()}
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}
