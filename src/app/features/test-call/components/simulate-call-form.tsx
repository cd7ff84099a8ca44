import { useRef, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPhoneIncoming } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { unknownOutcomeTitle } from '@/api/errors';
import { m } from '@/i18n';
import { OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { PhoneInput } from '@/components/phone-input';
import { browserCountry } from '@/lib/phone';
import { applyServerErrors } from '@/lib/server-errors';
import { useSimulateInbound } from '../api/start-call';
import { simulateCallSchema, simulateErrorPath, toSimulateRequest, type SimulateCallValues } from '../lib/form-schema';
import { isNotOffered } from '@/lib/not-offered';

/** "A customer calls +49 30 …; …": the number set apart where the language puts it ("{number}" in the message). */
function Intro({ phoneNumber }: { phoneNumber: string | null }) {
  if (!phoneNumber) return <Text size="sm">{m.testcall_simulate_intro({ number: m.testcall_simulate_own_number() })}</Text>;
  const marker = '\u0000';
  const [before = '', after = ''] = m.testcall_simulate_intro({ number: marker }).split(marker);
  return (
    <Text size="sm">
      {before}
      <Text span ff="monospace">
        {phoneNumber}
      </Text>
      {after}
    </Text>
  );
}

/**
 * A customer calling the assistant's number: the caller's number, then POST /user/calls/simulate-inbound.
 * One press, one call, as in the test call form.
 */
export function SimulateCallForm({ phoneNumberId, phoneNumber, onStarted }: { phoneNumberId: number; phoneNumber: string | null; onStarted: (callId: number) => void }) {
  const form = useForm<SimulateCallValues>({
    defaultValues: { from: { country: browserCountry(), text: '' } },
    resolver: zodResolver(simulateCallSchema),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const simulate = useSimulateInbound();
  const inFlight = useRef(false);
  const rootError = formState.errors.root?.server;

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await simulate.mutateAsync(toSimulateRequest(values, phoneNumberId));
      onStarted(answer.call_id);
    } catch (e) {
      if (isNotOffered(e)) {
        setError('root.server', { type: 'server', message: m.testcall_simulate_not_offered() });
        return;
      }
      applyServerErrors(e, setError, simulateErrorPath);
    }
  });

  // One submit at a time: the form's own state reaches the button a render later than a second press.
  function onFormSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void submit(e).finally(() => {
      inFlight.current = false;
    });
  }

  const busy = formState.isSubmitting || simulate.isPending;
  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={m.testcall_simulate()}>
      <Stack gap="md">
        <Intro phoneNumber={phoneNumber} />
        <Controller
          control={control}
          name="from"
          render={({ field, fieldState }) => (
            <PhoneInput
              label={m.testcall_caller_number()}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              name={field.name}
              inputRef={field.ref}
            />
          )}
        />
        {rootError ? (
          <Alert
            color={rootError.type === OUTCOME_UNKNOWN ? 'orange' : 'red'}
            variant="light"
            title={rootError.type === OUTCOME_UNKNOWN ? unknownOutcomeTitle() : m.testcall_not_started()}
            role="alert"
          >
            <Text size="sm">{rootError.message}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={busy} leftSection={<IconPhoneIncoming size={16} aria-hidden />}>
            {m.testcall_start()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
