import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage, UNKNOWN_OUTCOME_TITLE } from '../api/errors';

/** The outcome of every change is a notification: these keep them alike across pages. */
export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

/** A failed change; one that may have gone through (no readable answer) is not called a failure. */
export function notifyError(error: unknown, title = 'That did not work') {
  const unknown = error instanceof ApiError && error.outcomeUnknown;
  notifications.show({
    color: unknown ? 'orange' : 'red',
    title: unknown ? UNKNOWN_OUTCOME_TITLE : title,
    message: errorMessage(error),
    autoClose: 8000,
  });
}
