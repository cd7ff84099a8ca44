import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { startSession } from '@/api/session';
import { testQueryClient } from './render';

/*
 * For component tests of the numbers and account cards: a fake host answering by method and path, and the providers a
 * page has (modals for confirmations, notifications for outcomes). Test-only.
 */
export type Answer = { status?: number; body: unknown };
export type Handler = (req: { method: string; path: string; query: URLSearchParams; body: unknown }) => Answer | undefined;

export function fakeHost(handler: Handler) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const answer = handler({ method, path, query: url.searchParams, body }) ?? { status: 404, body: { message: 'Not found.' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  startSession({ token: 'vc_test', host: null, remember: false });
  return { calls };
}

export function renderPage(ui: ReactElement) {
  const queryClient = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <Notifications />
          <ModalsProvider>{children}</ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper }) };
}
