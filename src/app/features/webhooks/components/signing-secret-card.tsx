import { useState } from 'react';
import { ActionIcon, Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { ErrorState } from '../../../components/error-state';
import { confirmAction } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { signingSecretQuery, useRotateSigningSecret } from '../api/signing-secret';
import { isNotOffered } from '../lib/not-offered';

/** The secret with all but its `whsec_` prefix and last four characters hidden. */
export function maskSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  const rest = secret.slice(prefix.length);
  if (rest.length <= 8) return `${prefix}${'•'.repeat(Math.max(rest.length, 8))}`;
  return `${prefix}${'•'.repeat(16)}${rest.slice(-4)}`;
}

const VERIFY_SNIPPET = "new Webhook(secret).verify(rawBody, headers)";

/**
 * The secret every webhook delivery is signed with (Standard Webhooks headers): hidden until asked, copied
 * without being shown, rotated after a confirmation. The hosted service documents no signature: there the
 * card says so quietly.
 */
export function SigningSecretCard() {
  const query = useQuery(signingSecretQuery());
  const rotate = useRotateSigningSecret();
  const [shown, setShown] = useState(false);
  const secret = query.data?.secret ?? null;
  const notOffered = query.isError && query.data === undefined && isNotOffered(query.error);

  async function onRotate() {
    if (rotate.isPending) return;
    const ok = await confirmAction({
      title: 'Rotate the signing secret?',
      children: (
        <Text size="sm">
          Deliveries from now on are signed with a new secret, retries of earlier ones included. Receivers that check signatures refuse them until they have the new
          secret.
        </Text>
      ),
      confirmLabel: 'Rotate secret',
      danger: true,
    });
    if (!ok) return;
    try {
      await rotate.mutateAsync();
      setShown(false);
      notifySuccess('Give the new secret to your receivers.', 'Signing secret rotated');
    } catch (e) {
      notifyError(e, 'The secret was not rotated');
    }
  }

  return (
    <Card component="section" aria-labelledby="signing-secret-title">
      <Title order={2} fz="lg" mb="sm" id="signing-secret-title">
        Webhook signing secret
      </Title>
      {notOffered ? (
        <Text size="sm" c="dimmed" data-testid="secret-not-offered">
          Not offered by this service: its webhooks carry no signature. The local service signs every delivery.
        </Text>
      ) : query.isPending ? (
        <Skeleton height={36} radius="sm" aria-label="Loading" />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} title="The signing secret could not be loaded" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Every webhook delivery carries the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature, signed with this secret.
          </Text>
          {secret ? (
            <Group gap="xs" wrap="nowrap" align="center">
              <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', padding: '6px 8px' }} data-testid="signing-secret">
                {shown ? secret : maskSecret(secret)}
              </Code>
              <Tooltip label={shown ? 'Hide' : 'Show'} withArrow>
                <ActionIcon variant="default" onClick={() => setShown((s) => !s)} aria-label={shown ? 'Hide secret' : 'Show secret'} aria-pressed={shown}>
                  {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon variant="default" onClick={copy} aria-label={copied ? 'Copied' : 'Copy secret'} color={copied ? 'teal' : undefined}>
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              The service sent no secret.
            </Text>
          )}
          <Text size="sm">
            To check a delivery, use the <Code>standardwebhooks</Code> library with this secret on the raw request body and its headers:{' '}
            <Code>{VERIFY_SNIPPET}</Code> throws when the signature does not match or the timestamp is more than five minutes off.
          </Text>
          <Group>
            <Button variant="light" color="red" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void onRotate()} loading={rotate.isPending}>
              Rotate secret
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
