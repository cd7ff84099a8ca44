import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/errors';

/** The outcome of every change is a notification: these keep them alike across pages. */
export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

export function notifyError(error: unknown, title = 'That did not work') {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}
