import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { unknownOutcomeTitle } from '@/api/errors';
import { m } from '@/i18n';
import { OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { useStillBusy } from '@/lib/use-still-busy';

interface FormFooterProps {
  /**
   * Why the last save failed when no field took the blame (a 404, a network error, a plan limit): the form's
   * `errors.root.server` as `applyApiErrorToForm` sets it. Of type OUTCOME_UNKNOWN the save may have gone
   * through (no readable answer): the alert says so instead of "not saved".
   */
  saveError?: { type?: string | number; message?: string } | undefined;
  errorTitle: string;
  submitLabel: ReactNode;
  onCancel: () => void;
  /** A save in flight: the submit button spins and neither button can be pressed again. */
  busy: boolean;
  /** Nothing to send (an edit form without changes). */
  submitDisabled?: boolean;
}

/** The end of a form: the save's error, then Cancel and the submit button. */
export function FormFooter({ saveError, errorTitle, submitLabel, onCancel, busy, submitDisabled = false }: FormFooterProps) {
  const slow = useStillBusy(busy);
  const error = saveError?.message;
  const outcomeUnknown = saveError?.type === OUTCOME_UNKNOWN;
  return (
    <>
      {error ? (
        <Alert
          color={outcomeUnknown ? 'orange' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={outcomeUnknown ? unknownOutcomeTitle() : errorTitle}
          role="alert"
        >
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {slow ? (
          <Text size="sm" c="dimmed" role="status" mr="auto">
            {m.shell_still_saving()}
          </Text>
        ) : null}
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {m.common_cancel()}
        </Button>
        <Button type="submit" loading={busy} disabled={submitDisabled && !busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
