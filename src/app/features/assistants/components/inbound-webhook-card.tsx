import { useState } from 'react';
import { Badge, Button, Group, Switch, Text, TextInput } from '@mantine/core';
import { inboundWebhookEnableRequest, type Assistant } from '@contract';
import { errorMessage, isApiError } from '@/api/errors';
import { m } from '@/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { SectionCard } from '@/components/section-card';
import { assistantErrorMap } from '../lib/form-schema';
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
          { error: assistantErrorMap },
        );
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? m.assistants_inbound_invalid_url());
          return;
        }
        await enable.mutateAsync(parsed.data.webhook_url);
        notifySuccess(m.assistants_inbound_on_message(), m.assistants_inbound_on_title());
      } else {
        await disable.mutateAsync();
        notifySuccess(m.assistants_inbound_off_message(), m.assistants_inbound_off_title());
      }
    } catch (e) {
      setError(isApiError(e) ? (e.fieldError('webhook_url') ?? errorMessage(e)) : errorMessage(e));
      notifyError(e, m.assistants_inbound_not_changed());
    }
  }

  return (
    <SectionCard
      id="inbound-webhook-title"
      title={m.assistants_inbound_title()}
      description={
        <>
          {m.assistants_inbound_description()}
          {assistant.type === 'outbound' ? <> {m.assistants_inbound_outbound_note()}</> : null}
        </>
      }
      aside={
        <Badge color={active ? 'teal' : 'gray'} variant="light" data-testid="inbound-webhook-state" style={{ flexShrink: 0 }}>
          {active ? m.common_on() : m.common_off()}
        </Badge>
      }
      headerProps={{ wrap: 'nowrap' }}
    >
      {active ? (
        <Text size="sm">
          {m.assistants_inbound_sending_to()}{' '}
          <Text span ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="inbound-webhook-url">
            {current}
          </Text>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {m.assistants_inbound_no_url()}
        </Text>
      )}
      <Switch
        label={m.assistants_inbound_switch()}
        checked={on}
        onChange={(e) => {
          setOn(e.currentTarget.checked);
          setError(null);
        }}
      />
      {on ? (
        <TextInput
          label={m.assistants_inbound_url()}
          placeholder={m.assistants_inbound_url_placeholder()}
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
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {changed ? (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void apply()} loading={busy} disabled={busy}>
            {on ? (active ? m.assistants_inbound_update() : m.assistants_inbound_turn_on()) : m.assistants_inbound_turn_off()}
          </Button>
        </Group>
      ) : null}
    </SectionCard>
  );
}
