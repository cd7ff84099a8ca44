import { useRef, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Control, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useIsLocalService } from '@/api/local-service';
import { CountedTextarea } from '@/components/counted-textarea';
import { m } from '@/i18n';
import { PERSONA_MAX } from '../lib/form-schema';
import { unknownOutcomeTitle } from '@/api/errors';
import { OUTCOME_UNKNOWN } from '@/lib/form-errors';

/*
 * What the test call and the simulated call forms share: the frame (the fields, the refusal above the
 * button, the button) and the phone number field. Each form keeps its own fields, request and errors.
 */

/**
 * The form around a call's fields. One press places one call: the button waits for the answer and a
 * second submit while one is under way is dropped.
 */
export function StartCallForm({
  label,
  onSubmit,
  busy,
  rootError,
  refusedTitle,
  submitLabel,
  submitIcon,
  children,
}: {
  label: string;
  /** The form's checked submit (react-hook-form's `handleSubmit(...)`). */
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
  /** `errors.root.server`: what the service refused with, or an outcome not known. */
  rootError: { type?: string | number; message?: string } | undefined;
  refusedTitle: string;
  submitLabel: string;
  submitIcon: ReactNode;
  children: ReactNode;
}) {
  const inFlight = useRef(false);

  // One submit at a time: the form's own state reaches the button a render later than a second press.
  function onFormSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void onSubmit(e).finally(() => {
      inFlight.current = false;
    });
  }

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        {rootError ? (
          <Alert
            color={rootError.type === OUTCOME_UNKNOWN ? 'orange' : 'red'}
            variant="light"
            title={rootError.type === OUTCOME_UNKNOWN ? unknownOutcomeTitle() : refusedTitle}
            role="alert"
          >
            <Text size="sm">{rootError.message}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={busy} leftSection={submitIcon}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}


/**
 * Who the caller is, for the language model that plays them (our extension: `persona` on make_call and
 * simulate-inbound). Only where the host is the local service: another host would drop it unread.
 */
export function PersonaField<T extends FieldValues>({
  control,
  register,
  name,
  disabled,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  name: Path<T>;
  disabled?: boolean;
}) {
  const local = useIsLocalService();
  if (local !== true) return null;
  return (
    <div>
      <CountedTextarea
        control={control}
        register={register}
        name={name}
        max={PERSONA_MAX}
        label={m.testcall_persona()}
        description={m.testcall_persona_hint()}
        placeholder={m.testcall_persona_placeholder()}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
      />
    </div>
  );
}
