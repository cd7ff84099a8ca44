import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { colorSchemeManager, theme } from '@/theme';
import { accessibleColors } from '@/theme-colors';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { safeRedirect } from '@/lib/paths';

/**
 * A visit without a session: the sign-in screen alone, without the router, the route tree, the pages'
 * schemas, TanStack Query and the notification list (none of them is used before signing in; the
 * console's AppProviders bring them). `npm run size` holds this page to its budget. Signing in loads
 * the console at the page that was asked for.
 */
export function mountSignIn(rootElement: HTMLElement) {
  const params = new URLSearchParams(window.location.search);
  const target = safeRedirect(params.get('redirect'));
  createRoot(rootElement).render(
    <StrictMode>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={accessibleColors} defaultColorScheme="light">
        <SignInPage expired={params.get('reason') === 'expired'} onSignedIn={() => window.location.replace(target)} />
      </MantineProvider>
    </StrictMode>,
  );
}
