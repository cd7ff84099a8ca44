import { Stack, TextInput } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AssistantFormValues } from '../../lib/form-schema';
import { SwitchField } from '../fields';
import { FormSection } from '../form-section';

export function WebhooksSection() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const active = useWatch({ control, name: 'is_webhook_active' });
  return (
    <FormSection
      id="webhooks"
      title="Webhooks"
      description="Tell another system about every finished call: transcript, extracted data, evaluation."
    >
      <SwitchField name="is_webhook_active" label="Send a post-call webhook" />
      <TextInput
        {...register('webhook_url')}
        label="Webhook URL"
        description={active ? 'Required while the webhook is on.' : 'Kept while the webhook is off.'}
        placeholder="https://example.com/hooks/calls"
        required={active}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        error={formState.errors.webhook_url?.message}
      />
      <Stack gap="sm">
        <SwitchField
          name="send_webhook_only_on_completed"
          label="Only for completed calls"
          description="Skip calls that were not answered, failed or went to voicemail."
        />
        <SwitchField
          name="include_recording_in_webhook"
          label="Include the recording"
          description="Add the recording’s URL to the payload."
        />
      </Stack>
    </FormSection>
  );
}
