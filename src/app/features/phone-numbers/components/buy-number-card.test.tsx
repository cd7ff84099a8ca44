import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyNumberCard, type NumberSearch } from './buy-number-card';
import { fakeHost, renderPage } from '@/test/page-host';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const FOR_SALE = {
  data: [
    { phone_number: '+14155551234', phone_number_formatted: '+1 415-555-1234', country_code: 'US', price: 3.99, sms_capable: true },
    { phone_number: '+14155555678', phone_number_formatted: '+1 415-555-5678', country_code: 'US', price: '3.99', sms_capable: 0 },
  ],
};

function Harness({ initial }: { initial: NumberSearch }) {
  const [search, setSearch] = useState(initial);
  return <BuyNumberCard search={search} onSearch={setSearch} />;
}

describe('BuyNumberCard', () => {
  it('lists numbers for sale with their monthly price and buys one once, stating the balance after', async () => {
    const { calls } = fakeHost(({ method, path }) => {
      if (path === '/user/phone-numbers/search') return { body: FOR_SALE };
      if (path === '/user/me') return { body: { name: 'Demo', email: 'demo@example.com', total_balance: '100.67447094' } };
      if (method === 'POST' && path === '/user/phone-numbers/purchase') return { status: 201, body: { message: 'Phone number purchased successfully.', data: { id: 9 } } };
      return undefined;
    });
    renderPage(<Harness initial={{ country: 'US', contains: '' }} />);
    const rows = await screen.findAllByTestId('available-number-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('$3.99')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Voice only')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Buy +1 415-555-1234' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('purchase-balance')).toHaveTextContent('$100.67'));
    expect(within(dialog).getByTestId('purchase-price')).toHaveTextContent('$3.99 a month');
    expect(within(dialog).getByTestId('purchase-balance-after')).toHaveTextContent('$96.68');

    const buy = within(dialog).getByRole('button', { name: 'Buy for $3.99/month' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const purchases = calls.filter((c) => c.method === 'POST');
    expect(purchases).toEqual([{ method: 'POST', path: '/user/phone-numbers/purchase', body: { phone_number: '+14155551234' } }]);
  });

  it('keeps a refusal in the dialog in the service’s words', async () => {
    fakeHost(({ path }) => {
      if (path === '/user/phone-numbers/search') return { body: FOR_SALE };
      if (path === '/user/me') return { body: { total_balance: 1 } };
      if (path === '/user/phone-numbers/purchase') return { status: 422, body: { message: 'Insufficient balance. Please top up your account.' } };
      return undefined;
    });
    renderPage(<Harness initial={{ country: 'US', contains: '' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy +1 415-555-5678' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('purchase-balance-after')).toHaveTextContent('-$2.99'));
    expect(within(dialog).getByText(/does not cover this number/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Buy for/ }));
    expect(await within(dialog).findByTestId('purchase-error')).toHaveTextContent('Insufficient balance. Please top up your account.');
  });

  it('shows a hosted {error} refusal and renders results with fields missing', async () => {
    fakeHost(({ path }) => {
      if (path === '/user/phone-numbers/search') return { body: { data: [{ phone_number: '+4930123456' }, { phone_number_formatted: null, price: null }] } };
      if (path === '/user/me') return { body: [] };
      if (path === '/user/phone-numbers/purchase') return { status: 400, body: { error: 'This phone number is not available for purchase. Please search for available numbers first.' } };
      return undefined;
    });
    renderPage(<Harness initial={{ country: 'DE', contains: '30' }} />);
    const rows = await screen.findAllByTestId('available-number-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('button', { name: 'Buy this number' })).toBeDisabled();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Buy +4930123456' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('purchase-price')).toHaveTextContent('—');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy number' }));
    expect(await within(dialog).findByTestId('purchase-error')).toHaveTextContent('not available for purchase');
  });

  it('says when nothing is for sale, and searches only after a country is chosen', async () => {
    const { calls } = fakeHost(({ path }) => (path === '/user/phone-numbers/search' ? { body: { data: [] } } : undefined));
    renderPage(<Harness initial={{ country: null, contains: '' }} />);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(calls.filter((c) => c.path === '/user/phone-numbers/search')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Contains digits' }), { target: { value: '12a3-4' } });
    expect(screen.getByRole('textbox', { name: 'Contains digits' })).toHaveValue('1234');
  });
});
