import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { colorSchemeManager, theme } from './theme';
import { accessibleColors } from './theme-colors';

// The notification list (transitions, portal) loads after the first paint; `notifications.show` works
// before it arrives (the store queues), so the sign-in page does not carry it.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Providers outside the router. ModalsProvider sits inside the router, in the signed-in layout (components/app-layout.tsx), so a modal's
 * content can use links and route hooks.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={accessibleColors} defaultColorScheme="light">
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={4} />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
