import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, stripSearchParams } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { theme } from '@/theme';
import { CONVERSATIONS_SEARCH_DEFAULTS, conversationsSearchSchema } from '../lib/search';
import { deferred, fakeHost, resetHost, type Handler } from '../test/chat-host';
import { ConversationsPage } from './conversations-page';

afterEach(resetHost);
beforeAll(() => {
  window.scrollTo = () => {};
  // A wide screen: the table shows its columns by media query.
  const narrow = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...narrow(query), matches: true });
});

const ID_1 = '0a6e1f52-8c1d-4d7e-9b21-3f4a5b6c7d81';
const ID_2 = '0a6e1f52-8c1d-4d7e-9b21-3f4a5b6c7d82';
const ID_3 = '0a6e1f52-8c1d-4d7e-9b21-3f4a5b6c7d83';

function conversation(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    assistant_id: '9b1f7c3e-2a4d-4e6f-8b0a-1c2d3e4f5a6b',
    assistant_name: 'Order desk',
    type: 'test',
    variables: { customer_name: 'Ada' },
    message_count: 4,
    total_cost: 0,
    ai_enabled: true,
    created_at: '2026-05-12 14:03:09',
    updated_at: '2026-05-12 14:05:00',
    ...extra,
  };
}

function page(data: unknown[], cursors: { next?: string | null; prev?: string | null } = {}) {
  return { data, path: 'http://localhost/api/user/conversations', per_page: 15, next_cursor: cursors.next ?? null, prev_cursor: cursors.prev ?? null };
}

const ASSISTANTS = { data: [{ id: 12, name: 'Order desk' }, { id: 13, name: 'Front desk' }], current_page: 1, last_page: 1, per_page: 100, total: 2 };

/** The page behind a route that validates its search as the real one does, in a memory history. */
function renderPage(initial: string) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: '/conversations',
    validateSearch: conversationsSearchSchema,
    search: { middlewares: [stripSearchParams(CONVERSATIONS_SEARCH_DEFAULTS)] },
    component: function Page() {
      const search = route.useSearch();
      const navigate = route.useNavigate();
      return <ConversationsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
    },
  });
  const other = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const history = createMemoryHistory({ initialEntries: [initial] });
  const router = createRouter({ routeTree: rootRoute.addChildren([route, other]), history });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={testQueryClient()}>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router as never} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, history, search: () => new URLSearchParams(router.state.location.searchStr) };
}

function listHost(list: Handler, more: Handler = () => undefined) {
  return fakeHost(async (req) => {
    if (req.method === 'GET' && req.path === '/user/conversations') return list(req);
    if (req.method === 'GET' && req.path === '/user/assistants/get') return { body: ASSISTANTS };
    return more(req);
  });
}

const rows = () => screen.getAllByTestId('conversation-row');
/** A Select's input (its label also names the listbox it opens). */
const selectInput = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;

describe('ConversationsPage', () => {
  it('lists conversations: assistant, type, messages, cost, AI on or off, times', async () => {
    listHost(() => ({ body: page([conversation(ID_1), conversation(ID_2, { type: 'widget', assistant_name: 'Front desk', total_cost: '0.03', ai_enabled: false, message_count: '7' })]) }));
    renderPage('/conversations');
    await screen.findAllByTestId('conversation-row');
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: /Open the conversation with Order desk/ })).toHaveAttribute('href', `/conversations?open=${ID_1}`);
    expect(first).toHaveTextContent('Test');
    expect(first).toHaveTextContent('$0.00');
    expect(within(first!).getByRole('switch', { name: 'AI replies in the conversation with Order desk' })).toBeChecked();
    expect(second).toHaveTextContent('Widget');
    expect(second).toHaveTextContent('7');
    expect(second).toHaveTextContent('$0.03');
    expect(within(second!).getByRole('switch', { name: 'AI replies in the conversation with Front desk' })).not.toBeChecked();
    expect(second).toHaveTextContent('Off');
  });

  it('reads the filters and cursor from the URL and asks for them', async () => {
    const host = listHost(() => ({ body: page([conversation(ID_1)]) }));
    renderPage('/conversations?type=test&assistant_id=12&cursor=eyJpZCI6MTB9&per_page=25');
    await screen.findAllByTestId('conversation-row');
    expect(Object.fromEntries(host.of('GET', '/user/conversations')[0]!.query)).toEqual({ type: 'test', assistant_id: '12', cursor: 'eyJpZCI6MTB9', per_page: '25' });
  });

  it('drops what it cannot read in the URL instead of failing', async () => {
    const host = listHost(() => ({ body: page([conversation(ID_1)]) }));
    renderPage('/conversations?type=fax&assistant_id=-3&per_page=7&open=not-a-uuid');
    await screen.findAllByTestId('conversation-row');
    expect(Object.fromEntries(host.of('GET', '/user/conversations')[0]!.query)).toEqual({ per_page: '15' });
    expect(screen.queryByTestId('conversation-drawer')).not.toBeInTheDocument();
  });

  it('puts a filter in the URL, back to the first page', async () => {
    const host = listHost(() => ({ body: page([conversation(ID_1)], { next: 'c2' }) }));
    const { search } = renderPage('/conversations?cursor=c1');
    await screen.findAllByTestId('conversation-row');
    await userEvent.click(selectInput('Type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Widget', hidden: true }));
    await waitFor(() => expect(search().get('type')).toBe('widget'));
    expect(search().get('cursor')).toBeNull();
    await waitFor(() => expect(host.of('GET', '/user/conversations').some((r) => r.query.get('type') === 'widget' && !r.query.has('cursor'))).toBe(true));

    await userEvent.click(selectInput('Assistant'));
    await userEvent.click(await screen.findByRole('option', { name: 'Front desk', hidden: true }));
    await waitFor(() => expect(search().get('assistant_id')).toBe('13'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().toString()).toBe(''));
  });

  it('pages by cursor in the URL, keeps the page on screen while the next loads, and back returns', async () => {
    const second = deferred();
    listHost(async (req) => {
      const cursor = req.query.get('cursor');
      if (cursor === 'next-1') {
        await second.promise;
        return { body: page([conversation(ID_3, { assistant_name: 'Front desk' })], { prev: 'prev-2' }) };
      }
      return { body: page([conversation(ID_1), conversation(ID_2)], { next: 'next-1' }) };
    });
    const { search, history } = renderPage('/conversations');
    await screen.findAllByTestId('conversation-row');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search().get('cursor')).toBe('next-1'));
    // Still the first page, dimmed and marked busy, while the next one loads.
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await act(async () => second.resolve());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Front desk');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();

    await act(async () => history.back());
    await waitFor(() => expect(search().get('cursor')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('says so when nothing matches, and clears the filters from there', async () => {
    listHost((req) => ({ body: page(req.query.has('type') ? [] : [conversation(ID_1)]) }));
    const { search } = renderPage('/conversations?type=whatsapp');
    const empty = await screen.findByTestId('conversations-empty');
    expect(empty).toHaveTextContent('No conversations match these filters');
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().get('type')).toBeNull());
    await screen.findAllByTestId('conversation-row');
  });

  it('has an empty state with a way to the assistants', async () => {
    listHost(() => ({ body: page([]) }));
    renderPage('/conversations');
    expect(await screen.findByTestId('conversations-empty')).toHaveTextContent('No conversations yet');
    expect(screen.getByRole('link', { name: 'Go to assistants' })).toHaveAttribute('href', '/assistants');
  });

  it('shows a failed load with a retry, and a host without the endpoint calmly', async () => {
    listHost(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderPage('/conversations');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('The conversations could not be loaded');
    resetHost();
    document.body.innerHTML = '';
    listHost(() => ({ status: 404, body: { message: 'The route api/user/conversations could not be found.' } }));
    renderPage('/conversations');
    expect(await screen.findByTestId('conversations-not-offered')).toHaveTextContent('This service does not offer text conversations');
  });

  it('opens a conversation from the URL with its history and function calls, and closes it', async () => {
    listHost(
      () => ({ body: page([conversation(ID_1)]) }),
      (req) =>
        req.path === `/conversations/${ID_1}`
          ? {
              body: {
                status: true,
                history: [
                  { role: 'assistant', content: 'Hello Ada' },
                  { role: 'user', content: 'Where is my order?' },
                  { role: 'assistant', content: 'It has shipped.', function_calls: [{ name: 'order_status', arguments: { order_id: 'A-17' }, result: { status: 'shipped' }, duration_ms: 85 }] },
                ],
              },
            }
          : undefined,
    );
    const { search } = renderPage(`/conversations?open=${ID_1}`);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('It has shipped.')).toBeInTheDocument();
    expect(within(drawer).getByText('Conversation with Order desk')).toBeInTheDocument();
    const card = within(drawer).getByRole('group', { name: 'Function call order_status' });
    expect(card).toHaveTextContent('"order_id": "A-17"');
    expect(card).toHaveTextContent('took 85 ms');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(search().get('open')).toBeNull());
  });

  it('turns AI replies off and on', async () => {
    let enabled = true;
    const host = listHost(
      () => ({ body: page([conversation(ID_1, { ai_enabled: enabled })]) }),
      (req) => {
        if (req.method === 'POST' && req.path === `/automate/conversations/${ID_1}/disable-ai`) {
          enabled = false;
          return { body: { status: true, message: 'AI disabled successfully' } };
        }
        if (req.method === 'POST' && req.path === `/automate/conversations/${ID_1}/enable-ai`) {
          enabled = true;
          return { body: { status: true, message: 'AI enabled successfully' } };
        }
        return undefined;
      },
    );
    renderPage('/conversations');
    const toggle = await screen.findByRole('switch', { name: 'AI replies in the conversation with Order desk' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(host.of('POST', `/automate/conversations/${ID_1}/disable-ai`)).toHaveLength(1);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(host.of('POST', `/automate/conversations/${ID_1}/enable-ai`)).toHaveLength(1);
  });
});
