import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { testQueryClient } from '@/test/render';
import { deferred as sharedDeferred, fakeHost as sharedFakeHost, renderRouter, type Handler } from '@/test/host';
import { resetStreamSupport } from '../lib/reply-stream';

/*
 * For this feature's component tests (test-only): the console's fake host (src/app/test/host.tsx, whose
 * answers may be whole Responses such as a Server-Sent Events stream), SSE answers, and a router render.
 */

export { resetHost, type Answer, type FakeRequest, type Handler } from '@/test/host';

/** The console's fake host, with the stream support this feature remembers per host forgotten first. */
export function fakeHost(handler: Handler) {
  resetStreamSupport();
  return sharedFakeHost(handler);
}

/** A promise with its resolve outside; without a type, one that only signals. */
export function deferred<T = void>() {
  return sharedDeferred<T>();
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
  return renderRouter(router, queryClient);
}
