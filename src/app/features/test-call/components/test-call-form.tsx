import { useRef, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { Assistant } from '@contract';
import { unknownOutcomeTitle } from '@/api/errors';
import { m } from '@/i18n';
import { OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { PhoneInput } from '@/components/phone-input';
import { VariableRows } from '@/components/variable-rows';
import { browserCountry } from '@/lib/phone';
import { applyServerErrors } from '@/lib/server-errors';
import { useMakeCall } from '../api/start-call';
import { emptyTestCall, testCallErrorPath, testCallSchema, toMakeCallRequest, type TestCallValues } from '../lib/form-schema';

/**
 * The number to call and the call's variables, then POST /user/make_call. One press places one call:
 * the button waits for the answer and a second submit while one is under way is dropped.
 */
export function TestCallForm({ assistant, onStarted }: { assistant: Pick<Assistant, 'id' | 'variables'>; onStarted: (callId: number) => void }) {
  const form = useForm<TestCallValues>({
    defaultValues: emptyTestCall(browserCountry(), assistant.variables),
    resolver: zodResolver(testCallSchema),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, getValues, formState } = form;
  const makeCall = useMakeCall();
  const inFlight = useRef(false);
  const rootError = formState.errors.root?.server;

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await makeCall.mutateAsync(toMakeCallRequest(values, assistant.id));
      onStarted(answer.call_id);
    } catch (e) {
      applyServerErrors(e, setError, (key) => testCallErrorPath(key, getValues()));
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

  const busy = formState.isSubmitting || makeCall.isPending;
  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={m.testcall_test_call()}>
      <Stack gap="md">
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneInput
              label={m.testcall_number_to_call()}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              name={field.name}
              inputRef={field.ref}
              description={m.testcall_number_hint()}
            />
          )}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {m.testcall_variables()}
          </Text>
          <Text size="xs" c="dimmed">
            {m.testcall_variables_hint({ placeholders: `{{${m.testcall_placeholders_word()}}}` })}
          </Text>
          <VariableRows control={control} register={register} name="variables" emptyText={m.testcall_no_variables()} disabled={busy} />
        </Stack>
        {rootError ? (
          <Alert
            color={rootError.type === OUTCOME_UNKNOWN ? 'orange' : 'red'}
            variant="light"
            title={rootError.type === OUTCOME_UNKNOWN ? unknownOutcomeTitle() : m.testcall_not_placed()}
            role="alert"
          >
            <Text size="sm">{rootError.message}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={busy} leftSection={<IconPhoneOutgoing size={16} aria-hidden />}>
            {m.testcall_place()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
