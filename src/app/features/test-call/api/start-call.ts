import { useMutation, useQueryClient } from '@tanstack/react-query';
import { makeCallResponseSchema } from '@contract/call';
import { api } from '@/api';
import { callKeys } from '@/api/query-keys';

export interface MakeCallBody {
  phone_number: string;
  assistant_id: number;
  variables?: Record<string, string>;
  /** Our extension: the caller the model plays. */
  persona?: string;
}

export interface SimulateInboundBody {
  phone_number_id: number;
  from: string;
  /** Our extension: the caller the model plays. */
  persona?: string;
}

/** POST /user/make_call: the assistant calls the number; answers with the new call's id. */
export function makeCall(body: MakeCallBody) {
  return api.post('/user/make_call', makeCallResponseSchema, { body });
}

/** POST /user/calls/simulate-inbound (the local service's extension): `from` calls the assistant's number. */
export function simulateInbound(body: SimulateInboundBody) {
  return api.post('/user/calls/simulate-inbound', makeCallResponseSchema, { body });
}

function useStartCall<B>(start: (body: B) => Promise<{ call_id: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    // The call log gains a row; settled, as a call whose answer was lost may still have been placed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.lists() }),
  });
}

export const useMakeCall = () => useStartCall(makeCall);
export const useSimulateInbound = () => useStartCall(simulateInbound);
