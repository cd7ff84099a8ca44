import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountAnswerSchema } from '@contract/account';
import { allFieldsVariants, applyDrifts, checkRandomVariants, renderInConsole, singleFieldVariants, variantsQueryClient, type JsonRecord } from '@/test/variants';
import { accountKeys } from '@/api/query-keys';
import { formatMoney } from '@/lib/money';
import { AccountCard } from './account-card';
import { BalanceLine } from '@/components/balance-line';

/** GET /user/me as the hosted documentation shows it. The account has no id: its name is what it shows. */
const FULL: JsonRecord = { name: 'Your Name', email: 'example@example.de', total_balance: 100.67447094 };

async function renderAccount(answer: unknown) {
  const me = accountAnswerSchema.parse(answer);
  const qc = variantsQueryClient();
  qc.setQueryData(accountKeys.me(), me);
  renderInConsole(
    () => (
      <>
        <AccountCard />
        <BalanceLine />
      </>
    ),
    qc,
  );
  await screen.findByTestId('account-name');
  return me;
}

/** The variants without the id singleFieldVariants gives each: /user/me has none. */
const withoutId = (records: JsonRecord[]) => records.map(({ id: _id, ...r }) => r);

afterEach(cleanup);

describe('AccountCard and BalanceLine with hosted variants', () => {
  it('show every single-field and every-field variant, bare or in {data}, and "—" for what is missing', async () => {
    const records = withoutId([FULL, ...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)]);
    for (const [i, record] of records.entries()) {
      const me = await renderAccount(i % 2 === 0 ? record : { data: record });
      expect(screen.getByTestId('account-name'), `variant ${i}`).toHaveTextContent(me.name || '—');
      expect(screen.getByTestId('account-email'), `variant ${i}`).toHaveTextContent(me.email || '—');
      expect(screen.getByTestId('account-balance'), `variant ${i}`).toHaveTextContent(formatMoney(me.total_balance));
      expect(screen.getByTestId('menu-balance-amount'), `variant ${i}`).toHaveTextContent(formatMoney(me.total_balance));
      cleanup();
    }
  });

  it('an empty answer shows "—" three times', async () => {
    await renderAccount(applyDrifts(FULL, Object.keys(FULL).map((k) => [k, 'delete'] as const)));
    expect(screen.getByTestId('account-name')).toHaveTextContent('—');
    expect(screen.getByTestId('account-email')).toHaveTextContent('—');
    expect(screen.getByTestId('account-balance')).toHaveTextContent('—');
  });

  it('renders random combinations of drift', async () => {
    await checkRandomVariants(FULL, async (record) => {
      await renderAccount(record);
    });
  });
});
