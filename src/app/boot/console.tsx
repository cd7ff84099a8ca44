import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from '../providers';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';

/** The signed-in console: the router with its route tree, the query cache in its context. */
export function mountConsole(rootElement: HTMLElement) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
