import { useState } from 'react';
import { ActionIcon, Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { signingSecretQuery, useRotateSigningSecret } from '../api/signing-secret';
import { isNotOffered } from '@/lib/not-offered';
import { m } from '@/i18n';

/** The secret with all but its `whsec_` prefix and last four characters hidden. */
export function maskSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  const rest = secret.slice(prefix.length);
  if (rest.length <= 8) return `${prefix}${'•'.repeat(Math.max(rest.length, 8))}`;
  return `${prefix}${'•'.repeat(16)}${rest.slice(-4)}`;
}

const VERIFY_SNIPPET = "new Webhook(secret).verify(rawBody, headers)";
const VERIFY_LIBRARY = 'standardwebhooks';
// Where the library's name and the snippet go in the sentence, so each is set as code wherever the language puts it.
const LIBRARY_SLOT = '\uE000';
const SNIPPET_SLOT = '\uE001';

/** The verification hint: the translated sentence with the library and the snippet as code. */
function VerifyHint() {
  const parts = m.webhooks_verify({ library: LIBRARY_SLOT, snippet: SNIPPET_SLOT }).split(/([\uE000\uE001])/);
  return (
    <Text size="sm">
      {parts.map((part, i) =>
        part === LIBRARY_SLOT ? <Code key={i}>{VERIFY_LIBRARY}</Code> : part === SNIPPET_SLOT ? <Code key={i}>{VERIFY_SNIPPET}</Code> : part,
      )}
    </Text>
  );
}

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
      title: m.webhooks_rotate_title(),
      children: <Text size="sm">{m.webhooks_rotate_body()}</Text>,
      confirmLabel: m.webhooks_rotate(),
      danger: true,
    });
    if (!ok) return;
    try {
      await rotate.mutateAsync();
      setShown(false);
      notifySuccess(m.webhooks_rotated_message(), m.webhooks_rotated());
    } catch (e) {
      notifyError(e, m.webhooks_not_rotated());
    }
  }

  return (
    <Card component="section" aria-labelledby="signing-secret-title">
      <Title order={2} fz="lg" mb="sm" id="signing-secret-title">
        {m.webhooks_secret_title()}
      </Title>
      {notOffered ? (
        <Text size="sm" c="dimmed" data-testid="secret-not-offered">
          {m.webhooks_secret_not_offered()}
        </Text>
      ) : query.isPending ? (
        <Skeleton height={36} radius="sm" role="status" aria-label={m.common_loading()} />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} title={m.webhooks_secret_error()} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {m.webhooks_secret_explainer()}
          </Text>
          {secret ? (
            <Group gap="xs" wrap="nowrap" align="center">
              <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', padding: '6px 8px' }} data-testid="signing-secret">
                {shown ? secret : maskSecret(secret)}
              </Code>
              <Tooltip label={shown ? m.webhooks_hide() : m.webhooks_show()} withArrow>
                <ActionIcon variant="default" onClick={() => setShown((s) => !s)} aria-label={shown ? m.webhooks_hide_secret() : m.webhooks_show_secret()} aria-pressed={shown}>
                  {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? m.common_copied() : m.common_copy()} withArrow>
                    <ActionIcon variant="default" onClick={copy} aria-label={copied ? m.common_copied() : m.webhooks_copy_secret()} color={copied ? 'teal' : undefined}>
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {m.webhooks_no_secret()}
            </Text>
          )}
          <VerifyHint />
          <Group>
            <Button variant="light" color="red" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void onRotate()} loading={rotate.isPending}>
              {m.webhooks_rotate()}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
