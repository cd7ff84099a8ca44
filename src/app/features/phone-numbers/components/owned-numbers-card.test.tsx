import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installZodErrors } from '@/i18n/zod-errors';
import { fakeHost, type Handler } from '@/test/page-host';
import { testQueryClient } from '@/test/render';
import { pageRouter, stubDocumentFonts } from '@/test/variants';
import type { PhoneFilter } from '../lib/number-list';
import { OwnedNumbersCard } from './owned-numbers-card';

beforeAll(() => {
  stubDocumentFonts();
  installZodErrors();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const HELD = {
  id: 4,
  phone_number: '+4930123456',
  country_code: 'DE',
  type: 'normal',
  type_label: 'Dedicated Number',
  nickname: 'Front line',
  has_active_subscription: true,
  monthly_price: '1.50',
  assistant: { id: 2, name: 'Front desk', type: 'inbound' },
};
const FREE = { id: 5, phone_number: '+12125550100', country_code: 'US', type: 'caller_id', type_label: 'Caller ID', nickname: null, assistant: null };
const USED_BY = 'The phone number is used by assistant Front desk (#2). Remove it there before releasing it.';

/** The lookup as GET /user/assistants/phone-numbers?type= answers it: free unless an inbound assistant holds it. */
function lookup(numbers: unknown[], type: string | null) {
  const listed = (numbers as (typeof HELD | typeof FREE)[]).map((n) => ({
    id: n.id,
    phone_number: n.phone_number,
    country_code: n.country_code,
    type_label: n.type_label === 'Caller ID' ? 'Caller ID' : 'Normal',
    is_available: n.assistant?.type !== 'inbound',
  }));
  return type === 'inbound' ? listed.filter((n) => n.is_available && n.type_label !== 'Caller ID') : listed;
}

/** A fake host with the account's numbers and the lookup; `more` answers first. */
function host(numbers: () => unknown[], more: Handler = () => undefined) {
  return fakeHost((req) => {
    const answer = more(req);
    if (answer) return answer;
    if (req.method === 'GET' && req.path === '/user/phone-numbers/all') return { body: { data: numbers() } };
    if (req.method === 'GET' && req.path === '/user/assistants/phone-numbers') return { body: lookup(numbers(), req.query.get('type')) };
    return undefined;
  });
}

/** The card on a page of its own (the nickname form's unsaved-changes guard needs a router), its filter in state. */
function renderCard(initial: PhoneFilter = 'all') {
  const queryClient = testQueryClient();
  const seen: PhoneFilter[] = [];
  function Harness() {
    const [filter, setFilter] = useState(initial);
    return (
      <OwnedNumbersCard
        filter={filter}
        onFilterChange={(f) => {
          seen.push(f);
          setFilter(f);
        }}
      />
    );
  }
  const router = pageRouter(() => <Harness />);
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router as never} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { seen };
}

const rowOf = async (number: string) => {
  const rows = await screen.findAllByTestId('phone-number-row');
  const row = rows.find((r) => r.getAttribute('data-number') === number);
  expect(row, number).toBeDefined();
  return row!;
};

async function confirmIn() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Release number' }));
}

describe('OwnedNumbersCard', () => {
  it('shows each number once with what both lists say, and a refusal in the service’s words', async () => {
    const { calls } = host(
      () => [HELD, FREE],
      ({ method }) => (method === 'DELETE' ? { status: 422, body: { message: USED_BY } } : undefined),
    );
    renderCard();
    const row = await rowOf(HELD.phone_number);
    expect(screen.getAllByTestId('phone-number-row')).toHaveLength(2);
    await waitFor(() => expect(within(row).getByText('In use')).toBeInTheDocument());
    expect(within(row).getByText('Front line')).toBeInTheDocument();
    expect(within(row).getByText('Front desk')).toBeInTheDocument();
    expect(within(row).getByText('$1.50 a month · Subscription active')).toBeInTheDocument();
    expect(within(row).getByText('Germany')).toBeInTheDocument();
    const free = await rowOf(FREE.phone_number);
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getByText('Caller ID')).toBeInTheDocument();
    expect(screen.getByLabelText('2 shown')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Release +4930123456' }));
    await confirmIn();
    expect(await screen.findByTestId('release-refusal')).toHaveTextContent(USED_BY);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/user/phone-numbers/4', body: undefined }]);
  });

  it('releases a free number and reloads the list', async () => {
    let numbers: unknown[] = [{ id: 5, phone_number: '+12125550100', country_code: 'US' }];
    host(
      () => numbers,
      ({ method, path }) => {
        if (method === 'DELETE' && path === '/user/phone-numbers/5') {
          numbers = [];
          return { body: { message: 'Phone number released successfully.' } };
        }
        return undefined;
      },
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Release +12125550100' }));
    await confirmIn();
    await waitFor(() => expect(screen.getByText('No numbers yet')).toBeInTheDocument());
  });

  it('renders hosted records with fields missing, null or of another type, and a bare list', async () => {
    fakeHost(({ path }) => {
      if (path === '/user/phone-numbers/all') return { body: [{ id: '7' }, { id: 8, phone_number: null, country_code: 49, type: 'sip', assistant: [], monthly_price: 'n/a' }, { phone_number: 'no id' }] };
      if (path === '/user/assistants/phone-numbers') return { body: { data: [{ id: 8, is_available: '1' }] } };
      return undefined;
    });
    renderCard();
    const rows = await screen.findAllByTestId('phone-number-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('SIP')).toBeInTheDocument();
    expect(await within(rows[1]!).findByText('Free')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('—').length).toBeGreaterThan(0);
  });

  it('a direction filter shows only the numbers the lookup lists for it, and says when none qualify', async () => {
    const { calls } = host(() => [HELD, FREE]);
    const { seen } = renderCard();
    await rowOf(FREE.phone_number);
    fireEvent.click(screen.getByText('Inbound'));
    expect(seen).toEqual(['inbound']);
    expect(await screen.findByText('No numbers here')).toBeInTheDocument();
    expect(screen.queryAllByTestId('phone-number-row')).toHaveLength(0);
    expect(calls.some((c) => c.path === '/user/assistants/phone-numbers')).toBe(true);

    fireEvent.click(screen.getByText('Outbound'));
    await waitFor(() => expect(screen.getAllByTestId('phone-number-row')).toHaveLength(2));
  });

  it('a direction filter keeps the owned facts of the numbers that qualify, and lists one only the lookup knows', async () => {
    fakeHost(({ path, query }) => {
      if (path === '/user/phone-numbers/all') return { body: { data: [HELD, FREE] } };
      if (path === '/user/assistants/phone-numbers') {
        expect(query.get('type')).toBe('outbound');
        return { body: [{ id: 5, phone_number: FREE.phone_number, is_available: true }, { id: 6, phone_number: '+4940555099', type_label: 'SIP', is_available: true }] };
      }
      return undefined;
    });
    renderCard('outbound');
    const rows = await screen.findAllByTestId('phone-number-row');
    expect(rows.map((r) => r.getAttribute('data-number'))).toEqual([FREE.phone_number, '+4940555099']);
    expect(within(rows[1]!).getByText('SIP')).toBeInTheDocument();
  });

  it('when the lookup fails the numbers stay with "—" for availability and a retry; under a filter it is an error', async () => {
    let fail = true;
    host(
      () => [HELD],
      ({ path }) => (path === '/user/assistants/phone-numbers' && fail ? { status: 403, body: { message: 'Lookup down.' } } : undefined),
    );
    renderCard();
    const alert = await screen.findByTestId('availability-error');
    expect(alert).toHaveTextContent('Lookup down.');
    expect(within(await rowOf(HELD.phone_number)).getByText('Front desk')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('availability-error')).toBeNull());
    expect(within(await rowOf(HELD.phone_number)).getByText('In use')).toBeInTheDocument();
  });

  it('under a direction filter a failed lookup is the card’s error, not a guess', async () => {
    host(
      () => [HELD],
      ({ path }) => (path === '/user/assistants/phone-numbers' ? { status: 403, body: { message: 'Lookup down.' } } : undefined),
    );
    renderCard('inbound');
    expect(await screen.findByText('Could not load which numbers qualify')).toBeInTheDocument();
    expect(screen.queryAllByTestId('phone-number-row')).toHaveLength(0);
  });
});

describe('editing a nickname', () => {
  function nicknameHost(answer: (body: unknown) => { status?: number; body: unknown } = () => ({ body: { message: 'Phone number updated successfully.' } })) {
    let nickname: string | null = 'Front line';
    const result = host(
      () => [{ ...HELD, nickname }],
      ({ method, path, body }) => {
        if (method !== 'PUT' || path !== '/user/phone-numbers/4') return undefined;
        const a = answer(body);
        if ((a.status ?? 200) === 200) nickname = (body as { nickname: string | null }).nickname;
        return a;
      },
    );
    return result;
  }

  async function openForm() {
    const row = await rowOf(HELD.phone_number);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit the nickname of +4930123456' }));
    const input = await within(row).findByRole('textbox', { name: 'Nickname of +4930123456' });
    await waitFor(() => expect(input).toHaveFocus());
    return { row, input: input as HTMLInputElement };
  }

  it('saves once on Enter, shows the new name, and gives focus back to the pencil', async () => {
    const { calls } = nicknameHost();
    renderCard();
    const { row, input } = await openForm();
    expect(input.value).toBe('Front line');
    fireEvent.change(input, { target: { value: '  Sales line  ' } });
    const form = within(row).getByTestId('nickname-form');
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(within(row).queryByTestId('nickname-form')).toBeNull());
    expect(within(row).getByTestId('number-nickname')).toHaveTextContent('Sales line');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/user/phone-numbers/4', body: { nickname: 'Sales line' } }]);
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Edit the nickname of +4930123456' })).toHaveFocus());
  });

  it('empty clears the nickname (null); unchanged sends nothing', async () => {
    const { calls } = nicknameHost();
    renderCard();
    let { row, input } = await openForm();
    fireEvent.submit(within(row).getByTestId('nickname-form'));
    await waitFor(() => expect(within(row).queryByTestId('nickname-form')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    ({ row, input } = await openForm());
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(within(row).getByTestId('nickname-form'));
    await waitFor(() => expect(within(row).queryByTestId('number-nickname')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ nickname: null }]);
  });

  it('Escape cancels without a request and keeps the old name', async () => {
    const { calls } = nicknameHost();
    renderCard();
    const { row, input } = await openForm();
    fireEvent.change(input, { target: { value: 'Never sent' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(within(row).queryByTestId('nickname-form')).toBeNull());
    expect(within(row).getByTestId('number-nickname')).toHaveTextContent('Front line');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Edit the nickname of +4930123456' })).toHaveFocus());
  });

  it('too long is said on the field before anything is sent', async () => {
    const { calls } = nicknameHost();
    renderCard();
    const { row, input } = await openForm();
    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    fireEvent.submit(within(row).getByTestId('nickname-form'));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(within(row).getByText('Use at most 50 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('a refusal lands on the field (422) or under it (500), and the typed text stays', async () => {
    let refusal: { status: number; body: unknown } = { status: 422, body: { message: 'The nickname is taken.', errors: { nickname: ['The nickname is taken.'] } } };
    nicknameHost(() => refusal);
    renderCard();
    const { row, input } = await openForm();
    fireEvent.change(input, { target: { value: 'Sales line' } });
    fireEvent.submit(within(row).getByTestId('nickname-form'));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(within(row).getByText('The nickname is taken.')).toBeInTheDocument();
    expect(input.value).toBe('Sales line');

    refusal = { status: 500, body: { message: 'Database unavailable.' } };
    fireEvent.submit(within(row).getByTestId('nickname-form'));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Database unavailable.');
    expect(input.value).toBe('Sales line');
    expect(within(row).getByTestId('nickname-form')).toBeInTheDocument();
  });
});
