import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage, unknownOutcomeTitle } from '@/api/errors';
import { m } from '@/i18n';

/** The outcome of every change is a notification: these keep them alike across pages. */
export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

/** A failed change; one that may have gone through (no readable answer) is not called a failure. */
export function notifyError(error: unknown, title: string = m.shell_notify_error_title()) {
  const unknown = error instanceof ApiError && error.outcomeUnknown;
  notifications.show({
    color: unknown ? 'orange' : 'red',
    title: unknown ? unknownOutcomeTitle() : title,
    message: errorMessage(error),
    autoClose: 8000,
  });
}
