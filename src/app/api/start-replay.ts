import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartReplayRequest } from '@contract/replays';
import { api } from './client';
import { replayKeys } from './query-keys';

/**
 * POST /user/replays (our extension): past calls replayed against the assistant as it is now. Shared: the
 * call log (its filter), a call's detail (that call) and the assistant's Replays tab start sets.
 */
export async function startReplay(body: StartReplayRequest) {
  // The replays contract (and the suites' it builds on) loads with the press, not with the call drawer that
  // offers the button: the drawer's page stays within its size budget.
  const { replaySetAnswerSchema } = await import('@contract/replays');
  return api.post('/user/replays', replaySetAnswerSchema, { body });
}

export function useStartReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReplay,
    onSuccess: (set) => queryClient.setQueryData(replayKeys.set(set.id), set),
    onSettled: () => queryClient.invalidateQueries({ queryKey: replayKeys.lists() }),
  });
}
