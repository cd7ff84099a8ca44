import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/router-context';
import { RouteProgress } from '@/components/route-progress';
import { SessionWatcher } from '@/components/session-watcher';

const NotFound = lazyRouteComponent(() => import('@/components/not-found'), 'NotFound');

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <RouteProgress />
      <SessionWatcher />
      <Outlet />
    </>
  );
}
