import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import type { UpdatePhoneNumberRequest } from '@contract/phone-numbers';
import { api } from '@/api';
import { invalidateAfterNicknameChange } from './invalidate';

/** PUT /user/phone-numbers/{id} {nickname}: the one field of a number that may change; null clears it. */
export function updateNumber(id: number, body: UpdatePhoneNumberRequest, signal?: AbortSignal) {
  return api.put(`/user/phone-numbers/${id}`, messageResponseSchema, { body, signal });
}

export function useUpdateNumber(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePhoneNumberRequest) => updateNumber(id, body),
    // Awaited, so the form closes onto the list that already shows the new name.
    onSuccess: () => invalidateAfterNicknameChange(queryClient),
  });
}
