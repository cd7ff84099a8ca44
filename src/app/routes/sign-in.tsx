import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import * as z from '@/lib/zod-mini';
import { getSession } from '@/api/session';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { safeRedirect } from '@/lib/paths';

const signInSearch = z.object({
  /** The page to go back to after signing in (a path of this console; anything else is ignored). */
  redirect: z.catch(z.optional(z.string()), undefined),
  reason: z.catch(z.optional(z.enum(['expired'])), undefined),
});

/** Sign-in inside the running console (a session ended here); a fresh visit uses boot/sign-in.tsx. */
export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  beforeLoad: ({ search }) => {
    if (getSession()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SignInPage
      expired={search.reason === 'expired'}
      onSignedIn={() => void navigate({ href: safeRedirect(search.redirect), replace: true })}
    />
  );
}
