import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replaySetAnswerSchema, type StartReplayRequest } from '@contract/replays';
import { api } from './client';
import { replayKeys } from './query-keys';

/**
 * POST /user/replays (our extension): past calls replayed against the assistant as it is now. Shared: the
 * call log (its filter), a call's detail (that call) and the assistant's Replays tab start sets.
 */
export function startReplay(body: StartReplayRequest) {
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
