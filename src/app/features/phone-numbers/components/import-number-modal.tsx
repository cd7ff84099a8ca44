import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { unknownOutcomeTitle } from '@/api/errors';
import { PhoneField } from '@/components/phone-field';
import { OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSaveOnce } from '@/lib/save-once';
import { applyServerErrors } from '@/lib/server-errors';
import { m } from '@/i18n';
import { useImportNumber } from '../api/import-number';
import { emptyImportForm, importErrorPath, importFormSchema, toImportRequest, type ImportFormValues } from '../lib/import-form';

type ImportRequestValues = z.output<typeof importFormSchema>;

/**
 * "Import from Twilio": a number the user owns at Twilio, its account SID and auth token. One save at a
 * time; a refusal puts the service's words on the field they name (the number not in that account, the
 * credentials refused) and keeps everything typed. Its own module: the phone input's library loads with it.
 */
export default function ImportNumberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importing = useImportNumber();
  const { save } = useSaveOnce();
  const { control, register, handleSubmit, setError, reset, formState } = useForm<ImportFormValues, unknown, ImportRequestValues>({
    defaultValues: emptyImportForm(),
    resolver: zodResolver(importFormSchema),
  });
  const { errors } = formState;
  const busy = formState.isSubmitting || importing.isPending;

  function close() {
    if (busy) return;
    onClose();
  }

  const onValid = async (values: ImportRequestValues) => {
    const body = toImportRequest(values);
    await save(
      () => importing.mutateAsync(body),
      (answer) => {
        notifySuccess(answer.message || m.numbers_imported_message({ number: body.phone_number }), m.numbers_imported());
        reset(emptyImportForm());
        importing.reset();
        onClose();
      },
      (error) => applyServerErrors(error, setError, importErrorPath),
    );
  };

  const rootError = errors.root?.server;
  return (
    <Modal opened={opened} onClose={close} title={m.numbers_import_title()} centered closeOnClickOutside={!busy} closeOnEscape={!busy} data-testid="import-number">
      <form noValidate aria-label={m.numbers_import_title()} onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {m.numbers_import_intro()}
          </Text>
          <PhoneField control={control} name="phone_number" label={m.numbers_import_phone()} required disabled={busy} />
          <TextInput
            {...register('account_sid')}
            label={m.numbers_import_account_sid()}
            description={m.numbers_import_account_sid_hint()}
            required
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            error={errors.account_sid?.message}
            readOnly={busy}
          />
          <PasswordInput
            {...register('auth_token')}
            label={m.numbers_import_auth_token()}
            required
            autoComplete="off"
            error={errors.auth_token?.message}
            readOnly={busy}
          />
          {rootError?.message ? (
            <Alert color={rootError.type === OUTCOME_UNKNOWN ? 'orange' : 'red'} variant="light" role="alert" title={rootError.type === OUTCOME_UNKNOWN ? unknownOutcomeTitle() : m.numbers_import_failed()} data-testid="import-error">
              {rootError.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {m.common_cancel()}
            </Button>
            <Button type="submit" loading={busy}>
              {m.numbers_import_submit()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
