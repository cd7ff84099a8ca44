import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '@/api/session';
import { AppLayout } from '@/components/app-layout';
import { LiveProvider } from '@/live/live-provider';

/** Every signed-in page lives under this pathless layout: no session, no page (sign-in, then back). */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  component: SignedIn,
});

/** The live event stream lives as long as the signed-in layout: one per tab. */
function SignedIn() {
  return (
    <LiveProvider>
      <AppLayout />
    </LiveProvider>
  );
}
