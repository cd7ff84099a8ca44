import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A mutation after whose success the queries under `queryKey` load again (a domain's lists and records). */
export function useRefreshingMutation<V, R>(mutationFn: (variables: V) => Promise<R>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
