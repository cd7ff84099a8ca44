import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnedNumbersCard } from './owned-numbers-card';
import { fakeHost, renderPage } from '@/test/page-host';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

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
  monthly_price: '1.50',
  assistant: { id: 2, name: 'Front desk', type: 'inbound' },
};
const USED_BY = 'The phone number is used by assistant Front desk (#2). Remove it there before releasing it.';

async function confirmIn() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Release number' }));
}

describe('OwnedNumbersCard', () => {
  it('shows each number with what it serves, and a refusal in the service’s words', async () => {
    const { calls } = fakeHost(({ method, path }) => {
      if (path === '/user/phone-numbers/all') return { body: { data: [HELD] } };
      if (method === 'DELETE') return { status: 422, body: { message: USED_BY } };
      return undefined;
    });
    renderPage(<OwnedNumbersCard />);
    const row = await screen.findByTestId('owned-number-row');
    expect(within(row).getByText('Front desk')).toBeInTheDocument();
    expect(within(row).getByText('$1.50 a month')).toBeInTheDocument();
    expect(within(row).getByText('Germany')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Release +4930123456' }));
    await confirmIn();
    expect(await screen.findByTestId('release-refusal')).toHaveTextContent(USED_BY);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/user/phone-numbers/4', body: undefined }]);
  });

  it('releases a free number and reloads the list', async () => {
    let numbers: unknown[] = [{ id: 5, phone_number: '+12125550100', country_code: 'US' }];
    fakeHost(({ method, path }) => {
      if (path === '/user/phone-numbers/all') return { body: { data: numbers } };
      if (method === 'DELETE' && path === '/user/phone-numbers/5') {
        numbers = [];
        return { body: { message: 'Phone number released successfully.' } };
      }
      return undefined;
    });
    renderPage(<OwnedNumbersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Release +12125550100' }));
    await confirmIn();
    await waitFor(() => expect(screen.getByText('No numbers yet')).toBeInTheDocument());
  });

  it('renders hosted records with fields missing, null or of another type, and a bare list', async () => {
    fakeHost(({ path }) =>
      path === '/user/phone-numbers/all'
        ? { body: [{ id: '7' }, { id: 8, phone_number: null, country_code: 49, type: 'sip', assistant: [], monthly_price: 'n/a' }, { phone_number: 'no id' }] }
        : undefined,
    );
    renderPage(<OwnedNumbersCard />);
    const rows = await screen.findAllByTestId('owned-number-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('SIP')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('—').length).toBeGreaterThan(0);
  });
});
