import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeHost, renderPage } from '@/test/page-host';
import { balanceAfter, formatMoney } from '@/lib/money';
import { AccountCard } from './account-card';
import { BalanceLine } from '@/components/balance-line';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('money', () => {
  it('formats dollars to cents and says "—" for nothing', () => {
    expect(formatMoney(100.67447094)).toBe('$100.67');
    expect(formatMoney(-2.5)).toBe('-$2.50');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(balanceAfter(0.3, 0.1)).toBe(0.2);
    expect(balanceAfter(null, 1)).toBeNull();
  });
});

describe('the account on Settings and in the menu', () => {
  it('shows name, email and the balance from /user/me, a string balance included', async () => {
    fakeHost(({ path }) => (path === '/user/me' ? { body: { name: 'Your Name', email: 'example@example.de', total_balance: '100.67447094' } } : undefined));
    renderPage(
      <>
        <AccountCard />
        <BalanceLine />
      </>,
    );
    expect(await screen.findByTestId('account-balance')).toHaveTextContent('$100.67');
    expect(screen.getByTestId('account-name')).toHaveTextContent('Your Name');
    expect(screen.getByTestId('account-email')).toHaveTextContent('example@example.de');
    expect(await screen.findByTestId('menu-balance-amount')).toHaveTextContent('$100.67');
  });

  it('shows "—" for each field a host leaves out', async () => {
    fakeHost(({ path }) => (path === '/user/me' ? { body: { total_balance: null, name: [] } } : undefined));
    renderPage(<AccountCard />);
    expect(await screen.findByTestId('account-balance')).toHaveTextContent('—');
    expect(screen.getByTestId('account-name')).toHaveTextContent('—');
  });

  it('shows the host’s error with a retry when /user/me fails', async () => {
    fakeHost(() => ({ status: 404, body: { message: 'Route not found.' } }));
    renderPage(<AccountCard />);
    expect(await screen.findByText('Route not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
