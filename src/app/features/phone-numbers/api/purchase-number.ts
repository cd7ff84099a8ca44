import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api';
import { invalidateAfterNumberChange } from './invalidate';
import { purchaseAnswerSchema } from './schemas';

/** POST /user/phone-numbers/purchase {phone_number}: charged to the balance. */
export function purchaseNumber(phoneNumber: string, signal?: AbortSignal) {
  return api.post('/user/phone-numbers/purchase', purchaseAnswerSchema, { body: { phone_number: phoneNumber }, signal });
}

export function usePurchaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phoneNumber: string) => purchaseNumber(phoneNumber),
    // Also after a refusal: the number may be gone, the balance may have moved.
    onSettled: () => invalidateAfterNumberChange(queryClient),
  });
}
