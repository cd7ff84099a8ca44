import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { pageRouter, stubDocumentFonts } from '@/test/variants';
import { startSession } from '@/api/session';
import { testQueryClient } from './render';
import { theme } from '@/theme';

/*
 * For the console's component tests (test-only): a fake host answering by method and path (an answer may be
 * a promise, to hold a request open, or a whole Response, such as a Server-Sent Events stream), and the
 * providers a page has: router (links), modals (confirmations), notifications (outcomes).
 */
export type Answer = { status?: number; body: unknown } | Response;
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The request's Accept header ('' when none). */
  accept: string;
}
export type Handler = (req: FakeRequest) => Answer | undefined | Promise<Answer | undefined>;

export function fakeHost(handler: Handler) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const req = { method, path, query: url.searchParams, body, accept: new Headers(init?.headers).get('accept') ?? '' };
    calls.push(req);
    const answer = (await handler(req)) ?? { status: 404, body: { message: 'Not found.' } };
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  startSession({ token: 'vc_test', host: null, remember: false });
  return { calls, of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** After each test: the real fetch back, no session, and no notification left over (their store is global). */
export function resetHost() {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  notifications.clean();
}

/** A promise with its resolve outside, to answer a request when the test says so. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function renderWithHost(ui: () => ReactNode, queryClient: QueryClient = testQueryClient()) {
  stubDocumentFonts();
  return renderRouter(pageRouter(ui), queryClient);
}

/** Renders `router` inside the console's providers (theme, query client, notifications, modals). */
export function renderRouter<R>(router: R, queryClient: QueryClient) {
  const element: ReactElement = (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router as never} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, router, ...render(element) };
}
