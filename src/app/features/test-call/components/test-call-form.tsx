import { Stack, Text } from '@mantine/core';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Assistant } from '@contract';
import { VariableRows } from '@/components/variable-rows';
import { m } from '@/i18n';
import { browserCountry } from '@/lib/phone';
import { applyServerErrors } from '@/lib/server-errors';
import { useMakeCall } from '../api/start-call';
import { emptyTestCall, testCallErrorPath, testCallSchema, toMakeCallRequest, type TestCallValues } from '../lib/form-schema';
import { PhoneField } from '@/components/phone-field';
import { PersonaField, StartCallForm } from './start-call-form';

/**
 * The number to call and the call's variables, then POST /user/make_call. One press places one call
 * (see `StartCallForm`).
 */
export function TestCallForm({ assistant, onStarted }: { assistant: Pick<Assistant, 'id' | 'variables'>; onStarted: (callId: number) => void }) {
  const form = useForm<TestCallValues>({
    defaultValues: emptyTestCall(browserCountry(), assistant.variables),
    resolver: zodResolver(testCallSchema),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, getValues, formState } = form;
  const makeCall = useMakeCall();

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await makeCall.mutateAsync(toMakeCallRequest(values, assistant.id));
      onStarted(answer.call_id);
    } catch (e) {
      applyServerErrors(e, setError, (key) => testCallErrorPath(key, getValues()));
    }
  });

  const busy = formState.isSubmitting || makeCall.isPending;
  return (
    <StartCallForm
      label={m.testcall_test_call()}
      onSubmit={submit}
      busy={busy}
      rootError={formState.errors.root?.server}
      refusedTitle={m.testcall_not_placed()}
      submitLabel={m.testcall_place()}
      submitIcon={<IconPhoneOutgoing size={16} aria-hidden />}
    >
      <PhoneField control={control} name="phone" required label={m.testcall_number_to_call()} description={m.testcall_number_hint()} />
      <PersonaField control={control} register={register} name="persona" disabled={busy} />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {m.testcall_variables()}
        </Text>
        <Text size="xs" c="dimmed">
          {m.testcall_variables_hint({ placeholders: `{{${m.testcall_placeholders_word()}}}` })}
        </Text>
        <VariableRows control={control} register={register} name="variables" emptyText={m.testcall_no_variables()} disabled={busy} />
      </Stack>
    </StartCallForm>
  );
}
