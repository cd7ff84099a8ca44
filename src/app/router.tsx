import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './route-tree.gen';
import { PendingPage } from './components/pending-page';

// Loaded when first needed: they would otherwise ride in the entry chunk, which the sign-in page loads.
const RouteError = lazyRouteComponent(() => import('./components/route-error'), 'RouteError');
const NotFound = lazyRouteComponent(() => import('./components/not-found'), 'NotFound');

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Hovering a link runs its loader; React Query decides whether the data is still fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: PendingPage,
    defaultPendingMs: 400,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
