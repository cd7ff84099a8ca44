import { QueryClient } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
  useRouterState,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '@contract/call';
import { SAMPLE_CALL as CALL } from '../test/sample-call';
import { AnchorLink } from '@/components/links';
import { createAppRouter } from '@/router';
import { markupOf } from '@/test/markup';
import { CallLink, CallLinkSearch } from './call-link';

/*
 * CallLink is a hand copy of what the call log drew before with the router's Link through Mantine's Anchor
 * (<AnchorLink to="/calls/$callId" search inherit c="inherit" underline="hover">), kept for render speed
 * (README, "Copies of library components"). Both are rendered side by side on the same router, and each
 * test holds the copy to what the library's link does: its markup, its href with the log's query, a plain
 * click that opens the call, modified and middle clicks left to the browser, aria-current on the open
 * call's link, and a preload when the pointer rests on it or it takes the focus.
 */

function setup(initial: string, basepath?: string) {
  const intent = vi.fn();
  const loader = vi.fn(() => null);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  function CallsPage() {
    const navigate = useNavigate();
    const search = useRouterState({ select: (s) => s.location.searchStr });
    // The open call, from the path (this test's routes are not the console's typed ones).
    const openId = useRouterState({ select: (s) => Number(/\/calls\/(\d+)/.exec(s.location.pathname)?.[1] ?? 0) });
    // As the call log opens a call (call-log-page.tsx).
    const open = (call: Call) => void navigate({ to: '/calls/$callId', params: { callId: call.id }, search: (prev: unknown) => prev, resetScroll: false } as never);
    return (
      <>
        <CallLinkSearch.Provider value={search}>
          <CallLink call={CALL} current={openId === CALL.id} onOpen={open} onIntent={intent}>
            copy
          </CallLink>
        </CallLinkSearch.Provider>
        <AnchorLink to="/calls/$callId" params={{ callId: CALL.id }} search={true} resetScroll={false} inherit c="inherit" underline="hover" aria-label={`Call ${CALL.id}`}>
          library
        </AnchorLink>
        <Outlet />
      </>
    );
  }
  const calls = createRoute({
    getParentRoute: () => rootRoute,
    path: '/calls',
    validateSearch: (s: Record<string, unknown>) => s,
    component: CallsPage,
  });
  const drawer = createRoute({ getParentRoute: () => calls, path: '$callId', loader, component: () => <div data-testid="drawer">drawer</div> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([calls.addChildren([drawer])]),
    history: createMemoryHistory({ initialEntries: [initial] }),
    defaultPreloadStaleTime: 0,
    ...(basepath ? { basepath } : {}),
  });
  render(
    <MantineProvider>
      <RouterProvider router={router as never} />
    </MantineProvider>,
  );
  return { router, intent, loader };
}

const links = async () => ({ copy: await screen.findByText('copy'), library: await screen.findByText('library') });

/** Whether the page let the browser have the click, and where the router went. */
async function clickOn(router: ReturnType<typeof setup>['router'], el: HTMLElement, init: MouseEventInit) {
  let leftToBrowser = true;
  // After React's handlers (on the root), before jsdom would follow the link.
  const seen = (e: Event) => {
    leftToBrowser = !e.defaultPrevented;
    e.preventDefault();
  };
  window.addEventListener('click', seen);
  await act(async () => {
    fireEvent.click(el, init);
  });
  window.removeEventListener('click', seen);
  await waitFor(() => expect(router.state.status).toBe('idle'));
  return { leftToBrowser, href: router.state.location.href };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('CallLink, the copy of the router’s Link through Anchor', () => {
  it('draws the same element: tag, classes, data- and aria- attributes, styles, and the href with the log’s query', async () => {
    setup('/calls?status=failed&page=2');
    const { copy, library } = await links();
    expect(copy.getAttribute('href')).toBe('/calls/2000?status=failed&page=2');
    expect(markupOf(copy)).toEqual(markupOf(library));
  });

  it('marks the open call’s link as the current page, as the router’s Link does', async () => {
    setup('/calls/2000?status=failed');
    const { copy, library } = await links();
    await screen.findByTestId('drawer');
    expect(library.getAttribute('aria-current')).toBe('page');
    expect(markupOf(copy)).toEqual(markupOf(library));
  });

  it.each([
    ['a plain click', {}],
    ['ctrl-click', { ctrlKey: true }],
    ['cmd-click', { metaKey: true }],
    ['shift-click', { shiftKey: true }],
    ['alt-click', { altKey: true }],
    ['a middle click', { button: 1 }],
  ] as const)('handles %s as the router’s Link does', async (_name, init) => {
    const { router } = setup('/calls?status=failed');
    const { copy, library } = await links();
    const byLibrary = await clickOn(router, library, init);
    await act(() => router.navigate({ to: '/calls', search: { status: 'failed' } } as never));
    const byCopy = await clickOn(router, copy, init);
    expect(byCopy).toEqual(byLibrary);
    if (Object.keys(init).length === 0) {
      // A plain click opens the call in place, keeping the log's query.
      expect(byCopy).toEqual({ leftToBrowser: false, href: '/calls/2000?status=failed' });
      expect(screen.getByTestId('drawer')).toBeTruthy();
    } else expect(byCopy).toEqual({ leftToBrowser: true, href: '/calls?status=failed' });
  });

  it.each([
    ['the pointer rests on it', (el: HTMLElement) => (fireEvent.pointerEnter(el), fireEvent.mouseEnter(el))],
    ['it takes the focus', (el: HTMLElement) => fireEvent.focus(el)],
  ] as const)('preloads the call when %s, after the router’s delay, not when passed over', async (_name, enter) => {
    const { intent, loader } = setup('/calls?status=failed');
    const { copy, library } = await links();
    const leave = (el: HTMLElement) => (fireEvent.pointerLeave(el), fireEvent.mouseLeave(el), fireEvent.blur(el));
    // Passed over: in and out at once.
    enter(copy);
    enter(library);
    leave(copy);
    leave(library);
    await new Promise((r) => setTimeout(r, 120));
    expect(intent).not.toHaveBeenCalled();
    expect(loader).not.toHaveBeenCalled();
    // Rested on: neither at once, both after the delay.
    enter(copy);
    enter(library);
    expect(intent).not.toHaveBeenCalled();
    expect(loader).not.toHaveBeenCalled();
    await waitFor(() => expect(loader).toHaveBeenCalled());
    await waitFor(() => expect(intent).toHaveBeenCalledWith(CALL));
  });

  it('does not follow a router basepath, which the console does not have', async () => {
    // The copy writes its href from the site's root. Were the console served under a basepath, the
    // router's Link would add it and the copy not: this test then fails, and the copy must learn it.
    expect(createAppRouter(new QueryClient()).options.basepath ?? '/').toBe('/');
    setup('/console/calls?status=failed', '/console');
    const { copy, library } = await links();
    expect(library.getAttribute('href')).toBe('/console/calls/2000?status=failed');
    expect(copy.getAttribute('href')).toBe('/calls/2000?status=failed');
  });
});
