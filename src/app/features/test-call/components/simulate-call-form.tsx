import { Text } from '@mantine/core';
import { IconPhoneIncoming } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { m } from '@/i18n';
import { isNotOffered } from '@/lib/not-offered';
import { browserCountry } from '@/lib/phone';
import { applyServerErrors } from '@/lib/server-errors';
import { useSimulateInbound } from '../api/start-call';
import { simulateCallSchema, simulateErrorPath, toSimulateRequest, type SimulateCallValues } from '../lib/form-schema';
import { PhoneField } from '@/components/phone-field';
import { PersonaField, StartCallForm } from './start-call-form';

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
    defaultValues: { from: { country: browserCountry(), text: '' }, persona: '' },
    resolver: zodResolver(simulateCallSchema),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const simulate = useSimulateInbound();

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

  return (
    <StartCallForm
      label={m.testcall_simulate()}
      onSubmit={submit}
      busy={formState.isSubmitting || simulate.isPending}
      rootError={formState.errors.root?.server}
      refusedTitle={m.testcall_not_started()}
      submitLabel={m.testcall_start()}
      submitIcon={<IconPhoneIncoming size={16} aria-hidden />}
    >
      <Intro phoneNumber={phoneNumber} />
      <PhoneField control={control} name="from" required label={m.testcall_caller_number()} />
      <PersonaField control={control} register={register} name="persona" disabled={formState.isSubmitting || simulate.isPending} />
    </StartCallForm>
  );
}
