import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { startSession } from '@/api/session';
import { testQueryClient } from '@/test/render';
import { theme } from '@/theme';
import { resetStreamSupport } from '../lib/reply-stream';

/*
 * For this feature's component tests (test-only): a fake host answering by method and path, as the other
 * features' test hosts do, where an answer may also be a whole Response (a Server-Sent Events stream, to
 * read the streamed reply) or a promise (to hold a request open).
 */
export type Answer = { status?: number; body: unknown } | Response;
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
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
    const headers = new Headers(init?.headers);
    const req = { method, path, query: url.searchParams, body, accept: headers.get('accept') ?? '' };
    calls.push(req);
    const answer = (await handler(req)) ?? { status: 404, body: { message: 'Not found.' } };
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetStreamSupport();
  startSession({ token: 'vc_test', host: null, remember: false });
  return { calls, of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** After each test: the real fetch back, no session, no notification left over. */
export function resetHost() {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  notifications.clean();
}

/** A promise with its resolve outside, to answer (or go on) when the test says so. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A Server-Sent Events answer: each item is an event (name and JSON data) or a promise the stream waits on
 * before going on (to look at the page half-way through a reply).
 */
export function sseResponse(items: readonly ([event: string, data: unknown] | Promise<unknown>)[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const item of items) {
        if (item instanceof Promise) {
          await item;
          continue;
        }
        const [event, data] = item;
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      }
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** Renders inside the console's providers and a memory router whose routes are `routes` (path -> element). */
export function renderWithRouter(routes: Record<string, () => ReactNode>, initial = '/', queryClient: QueryClient = testQueryClient()) {
  window.scrollTo = () => {};
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const children = Object.entries(routes).map(([path, ui]) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{ui()}</> }));
  const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const router = createRouter({ routeTree: rootRoute.addChildren([...children, catchAll]), history: createMemoryHistory({ initialEntries: [initial] }) });
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
