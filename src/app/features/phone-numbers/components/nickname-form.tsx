import { useEffect, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PHONE_NUMBER_NICKNAME_MAX, updatePhoneNumberRequest } from '@contract/phone-numbers';
import { unknownOutcomeTitle } from '@/api/errors';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { applyApiErrorToForm, OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSaveOnce } from '@/lib/save-once';
import { m } from '@/i18n';
import { useUpdateNumber } from '../api/update-number';

type NicknameValues = z.input<typeof updatePhoneNumberRequest>;
type NicknameRequest = z.output<typeof updatePhoneNumberRequest>;

/**
 * A number's nickname, edited in its row: the contract's request schema checks it (trimmed, at most 50),
 * Enter saves once, Escape or Cancel closes without saving. A refused save keeps what was typed and puts
 * the service's words on the field (or under it when they name no field).
 */
export function NicknameForm({ id, number, nickname, onClose }: { id: number; number: string; nickname: string | null; onClose: () => void }) {
  const update = useUpdateNumber(id);
  const { save, unsaved } = useSaveOnce();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<NicknameValues, unknown, NicknameRequest>({
    defaultValues: { nickname: nickname ?? '' },
    resolver: zodResolver(updatePhoneNumberRequest),
  });
  const { isDirty, errors } = formState;

  useEffect(() => setFocus('nickname', { shouldSelect: true }), [setFocus]);

  const onValid = async ({ nickname: typed }: NicknameRequest) => {
    const next = typed ? typed : null;
    // Nothing to change: no request, as if Cancel was pressed.
    if (next === (nickname || null)) return onClose();
    await save(
      () => update.mutateAsync({ nickname: next }),
      () => {
        notifySuccess(next ? m.numbers_nickname_saved_message({ number, nickname: next }) : m.numbers_nickname_cleared_message({ number }), m.numbers_nickname_saved());
        onClose();
      },
      (error) => applyApiErrorToForm(error, setError, { fields: ['nickname'] }),
    );
  };

  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Escape') return;
    // Escape belongs to this form: a dialog or drawer around it stays open.
    e.preventDefault();
    e.stopPropagation();
    onClose();
  }

  const busy = formState.isSubmitting || update.isPending;
  const rootError = errors.root?.server;
  return (
    <form noValidate aria-label={m.numbers_nickname_form({ number })} onSubmit={(e) => void handleSubmit(onValid)(e)} onKeyDown={onKeyDown} data-testid="nickname-form">
      <UnsavedChangesGuard when={() => unsaved(isDirty)} />
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            {...register('nickname')}
            size="xs"
            aria-label={m.numbers_nickname_label({ number })}
            placeholder={m.numbers_nickname_placeholder()}
            description={m.numbers_nickname_hint({ max: String(PHONE_NUMBER_NICKNAME_MAX) })}
            error={errors.nickname?.message}
            autoComplete="off"
            style={{ flex: '1 1 12rem', minWidth: '10rem' }}
          />
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" type="submit" loading={busy}>
              {m.common_save()}
            </Button>
            <Button size="xs" variant="default" onClick={onClose}>
              {m.common_cancel()}
            </Button>
          </Group>
        </Group>
        {rootError?.message ? (
          <Text size="xs" c={rootError.type === OUTCOME_UNKNOWN ? 'orange' : 'red'} role="alert">
            {rootError.type === OUTCOME_UNKNOWN ? `${unknownOutcomeTitle()}: ${rootError.message}` : rootError.message}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
