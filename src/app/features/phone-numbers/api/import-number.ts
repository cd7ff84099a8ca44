import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import type { PhoneNumberImport } from '@contract/voice';
import { api } from '@/api';
import { invalidateAfterNumberChange } from './invalidate';

/**
 * POST /user/phone-numbers/import {provider: 'twilio', phone_number, account_sid, auth_token} (our
 * extension): the service looks the number up in that Twilio account and answers it from now on. 422 with
 * field errors on `phone_number` (not in that account) or `auth_token` (Twilio refused the credentials).
 */
export function importNumber(body: PhoneNumberImport, signal?: AbortSignal) {
  return api.post('/user/phone-numbers/import', messageResponseSchema, { body, signal, timeoutMs: 30_000 });
}

export function useImportNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneNumberImport) => importNumber(body),
    // Awaited: the dialog closes onto the list that already shows the number.
    onSuccess: () => invalidateAfterNumberChange(queryClient),
  });
}
