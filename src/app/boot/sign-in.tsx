import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../providers';
import { createQueryClient } from '../lib/query-client';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { safeRedirect } from '../lib/paths';

/**
 * A visit without a session: the sign-in screen alone, without the router, the route tree and the
 * pages' schemas (`npm run size` holds this to its budget). Signing in loads the console at the page
 * that was asked for.
 */
export function mountSignIn(rootElement: HTMLElement) {
  const params = new URLSearchParams(window.location.search);
  const target = safeRedirect(params.get('redirect'));
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <SignInPage expired={params.get('reason') === 'expired'} onSignedIn={() => window.location.replace(target)} />
      </AppProviders>
    </StrictMode>,
  );
}
