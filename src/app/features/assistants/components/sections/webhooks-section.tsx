import { Stack, TextInput } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { m } from '@/i18n';
import type { AssistantFormValues } from '../../lib/form-schema';
import { SwitchField } from '../switch-field';
import { FormSection } from '../form-section';

export function WebhooksSection() {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const active = useWatch({ control, name: 'is_webhook_active' });
  return (
    <FormSection
      id="webhooks"
      title={m.assistants_section_webhooks()}
      description={m.assistants_section_webhooks_description()}
    >
      <SwitchField name="is_webhook_active" label={m.assistants_webhook_active()} />
      <TextInput
        {...register('webhook_url')}
        label={m.assistants_webhook_url()}
        description={active ? m.assistants_webhook_url_required() : m.assistants_webhook_url_kept()}
        placeholder={m.assistants_webhook_url_placeholder()}
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
          label={m.assistants_webhook_completed_only()}
          description={m.assistants_webhook_completed_only_description()}
        />
        <SwitchField name="include_recording_in_webhook" label={m.assistants_webhook_recording()} description={m.assistants_webhook_recording_description()} />
      </Stack>
    </FormSection>
  );
}
