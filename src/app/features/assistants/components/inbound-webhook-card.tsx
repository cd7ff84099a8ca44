import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { inboundWebhookEnableRequest, laravelErrorMap, type Assistant } from '../../../../contract';
import { errorMessage, isApiError } from '../../../api/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDisableInboundWebhook } from '../api/disable-inbound-webhook';
import { useEnableInboundWebhook } from '../api/enable-inbound-webhook';

/**
 * The inbound webhook of an inbound assistant: real-time updates about its calls. It has its own switch
 * and takes effect at once (enable/disable-inbound-webhook), apart from the form's save.
 */
export function InboundWebhookCard({ assistant }: { assistant: Assistant }) {
  const current = assistant.inbound_webhook_url;
  const [on, setOn] = useState(current !== null && current !== '');
  const [url, setUrl] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const enable = useEnableInboundWebhook(assistant.id);
  const disable = useDisableInboundWebhook(assistant.id);
  const busy = enable.isPending || disable.isPending;
  const active = current !== null && current !== '';
  const changed = on !== active || (on && url.trim() !== (current ?? ''));

  async function apply() {
    setError(null);
    try {
      if (on) {
        const parsed = inboundWebhookEnableRequest.safeParse(
          { assistant_id: assistant.id, webhook_url: url.trim() },
          { error: laravelErrorMap },
        );
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'The webhook url field must be a valid URL.');
          return;
        }
        await enable.mutateAsync(parsed.data.webhook_url);
        notifySuccess('Inbound call updates now go to the new address.', 'Inbound webhook on');
      } else {
        await disable.mutateAsync();
        notifySuccess('Inbound call updates are no longer sent.', 'Inbound webhook off');
      }
    } catch (e) {
      setError(isApiError(e) ? (e.fieldError('webhook_url') ?? errorMessage(e)) : errorMessage(e));
      notifyError(e, 'The inbound webhook was not changed');
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="inbound-webhook-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h4" id="inbound-webhook-title">
              Inbound webhook
            </Title>
            <Text size="sm" c="dimmed">
              Real-time updates about the inbound calls this assistant completes. Applies at once, without “Save changes”.
              {assistant.type === 'outbound' ? ' This assistant makes calls: the webhook fires only for calls it takes.' : ''}
            </Text>
          </div>
          <Badge color={active ? 'teal' : 'gray'} variant="light" data-testid="inbound-webhook-state" style={{ flexShrink: 0 }}>
            {active ? 'On' : 'Off'}
          </Badge>
        </Group>
        {active ? (
          <Text size="sm">
            Now sending to{' '}
            <Text span ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="inbound-webhook-url">
              {current}
            </Text>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No inbound webhook URL is set.
          </Text>
        )}
        <Switch
          label="Send inbound call updates"
          checked={on}
          onChange={(e) => {
            setOn(e.currentTarget.checked);
            setError(null);
          }}
        />
        {on ? (
          <TextInput
            label="Inbound webhook URL"
            placeholder="https://example.com/hooks/inbound"
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={(e) => {
              // The card sits inside the assistant form: Enter here applies the webhook, not the form.
              if (e.key === 'Enter') {
                e.preventDefault();
                if (!busy && changed) void apply();
              }
            }}
            error={error}
            autoComplete="off"
            spellCheck={false}
          />
        ) : error ? (
          <Text size="sm" c="red.7" role="alert">
            {error}
          </Text>
        ) : null}
        {changed ? (
          <Group justify="flex-end">
            <Button variant="light" onClick={() => void apply()} loading={busy} disabled={busy}>
              {on ? (active ? 'Update inbound webhook' : 'Turn on inbound webhook') : 'Turn off inbound webhook'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
