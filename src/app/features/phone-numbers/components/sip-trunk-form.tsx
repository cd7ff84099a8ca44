import { useMemo, type ReactNode } from 'react';
import { Card, Input, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { FormFooter } from '@/components/form-footer';
import { SelectField } from '@/components/select-field';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { applyServerErrors } from '@/lib/server-errors';
import { notifyError } from '@/lib/notify';
import { useSubmitOnce } from '@/lib/save-once';
import { m } from '@/i18n';
import { sipTrunkErrorPath, sipTrunkFormSchema, type SipTrunkFormOutput, type SipTrunkFormValues } from '../lib/sip-trunk-form';

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Add or edit a SIP trunk. `save` sends it (and throws on refusal): the service's field errors land on their
 * fields, anything else above the button, and everything typed stays. One save at a time; leaving with
 * unsaved changes asks. `editing`: the password may stay empty (the stored one is kept).
 */
export function SipTrunkForm<T>({
  initialValues,
  editing,
  save,
  onSaved,
  onCancel,
  submitLabel,
}: {
  initialValues: SipTrunkFormValues;
  editing: boolean;
  save: (values: SipTrunkFormOutput, initial: SipTrunkFormValues) => Promise<T>;
  onSaved: (result: T) => void;
  onCancel: () => void;
  submitLabel: string;
}) {
  const resolver = useMemo(() => zodResolver(sipTrunkFormSchema({ passwordOptional: editing })) as unknown as Resolver<SipTrunkFormValues, unknown, SipTrunkFormOutput>, [editing]);
  const { control, register, handleSubmit, setError, reset, formState } = useForm<SipTrunkFormValues, unknown, SipTrunkFormOutput>({
    defaultValues: initialValues,
    resolver,
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting } = formState;
  const type = useWatch({ control, name: 'sip_trunk_type' });
  const auth = useWatch({ control, name: 'inbound_authorization_type' });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await save(values, initialValues);
      // The password is written, never shown: the form starts clean without it.
      reset({ ...values, sip_password: '' });
      onSaved(result);
    } catch (e) {
      applyServerErrors(e, setError, sipTrunkErrorPath);
      notifyError(e, m.numbers_sip_not_saved());
    }
  });
  const onFormSubmit = useSubmitOnce(submit);

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={m.numbers_sip_form_label()} style={{ maxWidth: 960 }} data-testid="sip-trunk-form">
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <Stack gap="lg">
        <Section title={m.numbers_sip_section_number()}>
          <Controller
            control={control}
            name="sip_trunk_type"
            render={({ field }) => (
              <Input.Wrapper label={m.numbers_sip_type_label()} id="sip-trunk-type">
                {/* Full width up to a sensible size: on a phone the two choices share the line instead of overflowing it. */}
                <div style={{ maxWidth: 480 }}>
                  <SegmentedControl
                    fullWidth
                    aria-labelledby="sip-trunk-type-label"
                    value={field.value}
                    onChange={(v) => field.onChange(v === 'extension' ? 'extension' : 'number')}
                    data={[
                      { value: 'number', label: m.numbers_sip_type_number() },
                      { value: 'extension', label: m.numbers_sip_type_extension() },
                    ]}
                    disabled={isSubmitting}
                  />
                </div>
              </Input.Wrapper>
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              {...register('phone_number')}
              label={type === 'extension' ? m.numbers_sip_extension_label() : m.numbers_sip_number_label()}
              description={type === 'extension' ? m.numbers_sip_extension_hint() : m.numbers_sip_number_hint()}
              placeholder={type === 'extension' ? '1000' : '+4930123456'}
              required
              autoComplete="off"
              spellCheck={false}
              inputMode={type === 'extension' ? 'text' : 'tel'}
              error={errors.phone_number?.message}
              readOnly={isSubmitting}
            />
            <TextInput
              {...register('country_code')}
              label={m.numbers_sip_country_label()}
              description={m.numbers_sip_country_hint()}
              required
              maxLength={2}
              autoComplete="off"
              spellCheck={false}
              error={errors.country_code?.message}
              readOnly={isSubmitting}
            />
          </SimpleGrid>
        </Section>

        <Section title={m.numbers_sip_section_connection()}>
          <TextInput
            {...register('sip_address')}
            label={m.numbers_sip_address_label()}
            description={m.numbers_sip_address_hint()}
            placeholder="sip.carrier.com"
            required
            autoComplete="off"
            spellCheck={false}
            styles={MONO}
            error={errors.sip_address?.message}
            readOnly={isSubmitting}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              {...register('sip_username')}
              label={m.numbers_sip_username_label()}
              description={m.numbers_sip_username_hint()}
              required
              autoComplete="off"
              spellCheck={false}
              styles={MONO}
              error={errors.sip_username?.message}
              readOnly={isSubmitting}
            />
            <PasswordInput
              {...register('sip_password')}
              label={m.numbers_sip_password_label()}
              description={editing ? m.numbers_sip_password_keep() : m.numbers_sip_password_hint()}
              required={!editing}
              autoComplete="new-password"
              error={errors.sip_password?.message}
              readOnly={isSubmitting}
            />
          </SimpleGrid>
          <SelectField
            control={control}
            name="sip_calling_format"
            keepOnClear
            allowDeselect={false}
            label={m.numbers_sip_format_label()}
            data={[
              { value: '+e164', label: m.numbers_sip_format_plus() },
              { value: 'e164', label: m.numbers_sip_format_e164() },
              { value: 'national', label: m.numbers_sip_format_national() },
            ]}
            required
            disabled={isSubmitting}
          />
          <Controller
            control={control}
            name="outbound_proxy"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                label={m.numbers_sip_proxy_label()}
                disabled={isSubmitting}
              />
            )}
          />
        </Section>

        <Section title={m.numbers_sip_section_inbound()}>
          <Controller
            control={control}
            name="inbound_authorization_type"
            render={({ field }) => (
              <Input.Wrapper label={m.numbers_sip_auth_label()} id="sip-trunk-auth">
                {/* Full width up to a sensible size: on a phone the two choices share the line instead of overflowing it. */}
                <div style={{ maxWidth: 480 }}>
                  <SegmentedControl
                    fullWidth
                    aria-labelledby="sip-trunk-auth-label"
                    value={field.value}
                    onChange={(v) => field.onChange(v === 'ip' ? 'ip' : 'auth')}
                    data={[
                      { value: 'auth', label: m.numbers_sip_auth_auth() },
                      { value: 'ip', label: m.numbers_sip_auth_ip() },
                    ]}
                    disabled={isSubmitting}
                  />
                </div>
              </Input.Wrapper>
            )}
          />
          {auth === 'ip' ? (
            <Textarea
              {...register('allowed_inbound_ips')}
              label={m.numbers_sip_ips_label()}
              description={m.numbers_sip_ips_hint()}
              required
              autosize
              minRows={2}
              maxRows={8}
              spellCheck={false}
              styles={MONO}
              error={errors.allowed_inbound_ips?.message}
              readOnly={isSubmitting}
            />
          ) : null}
        </Section>

        <FormFooter saveError={errors.root?.server} errorTitle={m.numbers_sip_not_saved()} submitLabel={submitLabel} onCancel={onCancel} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
