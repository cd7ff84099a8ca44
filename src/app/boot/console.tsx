import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from '@/providers';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { installZodErrors } from '@/i18n/zod-errors';

/** The signed-in console: the router with its route tree, the query cache in its context. */
export function mountConsole(rootElement: HTMLElement) {
  // zod's generic messages ("required", "too long", "not a valid URL") in the reader's language, before
  // anything parses. Only the console needs them: the sign-in form words each of its messages itself, so
  // the sign-in page does not carry this map (`npm run size`).
  installZodErrors();
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
