import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { subscribeSession } from '@/api/session';
import { paths } from '@/lib/paths';

/**
 * Reacts to the end of a session. Expired (the API answered 401): go to sign-in with a way back to this
 * very page. Signed out (here or in another tab): go to sign-in. Either way the cached data goes, so the
 * next session never sees the last one's.
 */
export function SessionWatcher() {
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      subscribeSession((event) => {
        if (event.type !== 'ended') return;
        const here = router.state.location;
        if (here.pathname === paths.signIn) return;
        void queryClient.cancelQueries();
        const search = event.reason === 'expired' ? { redirect: here.href, reason: 'expired' as const } : {};
        void router.navigate({ to: paths.signIn, search, replace: event.reason === 'expired' }).then(() => queryClient.clear());
      }),
    [router, queryClient],
  );
  return null;
}
