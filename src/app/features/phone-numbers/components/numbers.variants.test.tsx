import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allFieldsVariants, checkRandomTables, numbered, renderInConsole, singleFieldVariants, stubDocumentFonts, variantsQueryClient, type JsonRecord } from '@/test/variants';
import { formatMoney } from '@/lib/money';
import { hostTypeLabel } from '@/lib/number-type-label';
import { lookupKeys, phoneNumberKeys } from '@/api/query-keys';
import { listOf, phoneNumberSchema, type PhoneNumber } from '@contract/lookups';
import { availableNumberSchema, listAnswer, ownedNumberSchema, type AvailableNumber, type OwnedNumber } from '../api/schemas';
import { numberTypeLabel, servedBy } from '../lib/format';
import { BuyNumberCard } from './buy-number-card';
import { OwnedNumbersCard } from './owned-numbers-card';

/** One of the account's numbers as GET /user/phone-numbers/all lists it, every field filled. */
const OWNED: JsonRecord = {
  id: 9301,
  phone_number: '+4940555010',
  country_code: 'DE',
  type: 'normal',
  type_label: 'Dedicated Number',
  nickname: 'Front line',
  sms_capable: true,
  region: 'Hamburg',
  has_active_subscription: 1,
  monthly_price: '1.50',
  assistant: { id: 4101, name: 'Harbor Dental Reception', type: 'inbound' },
  created_at: '2025-09-02T08:15:00.000000Z',
};

/** A number for sale as GET /user/phone-numbers/search finds it. It has no id: the number is its name. */
const FOR_SALE: JsonRecord = {
  phone_number: '+4940555011',
  phone_number_formatted: '+49 40 555011',
  country_code: 'DE',
  price: '1.15',
  stripe_price_id: 'price_1Q',
  address_requirements: 'none',
  sms_capable: false,
};

/** A number as the lookup GET /user/assistants/phone-numbers lists it, every field filled. */
const LISTED: JsonRecord = { id: 9301, phone_number: '+4940555010', country_code: 'DE', type_label: 'Normal', is_available: true };

/** The card with the account's numbers `records` and the lookup `listed` (by default: none besides them). */
async function renderOwned(records: unknown[], compact = false, listed: PhoneNumber[] = []) {
  window.matchMedia = (query: string) => ({ ...wide(query), matches: compact });
  const numbers = listAnswer(ownedNumberSchema).parse({ data: records });
  const qc = variantsQueryClient();
  qc.setQueryData(phoneNumberKeys.owned(), numbers);
  qc.setQueryData(lookupKeys.phoneNumbers(undefined), listed);
  renderInConsole(() => <OwnedNumbersCard filter="all" onFilterChange={() => {}} />, qc);
  await screen.findAllByTestId('phone-number-row');
  return numbers;
}

async function renderForSale(records: unknown[], compact = false) {
  window.matchMedia = (query: string) => ({ ...wide(query), matches: compact });
  const numbers = listAnswer(availableNumberSchema).parse(records);
  const qc = variantsQueryClient();
  qc.setQueryData(phoneNumberKeys.search('DE', ''), numbers);
  renderInConsole(() => <BuyNumberCard search={{ country: 'DE', contains: '' }} onSearch={() => {}} />, qc);
  await screen.findAllByTestId('available-number-row');
  return numbers;
}

/** Each number for sale is a different number: a variant that leaves phone_number alone gets its own. */
function distinctNumbers(records: JsonRecord[]): JsonRecord[] {
  return records.map((r, i) => (r.phone_number === FOR_SALE.phone_number ? { ...r, phone_number: `+4940556${String(i).padStart(3, '0')}` } : r));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let wide: typeof window.matchMedia;
beforeAll(() => {
  stubDocumentFonts();
  wide = window.matchMedia;
});
afterEach(cleanup);

describe('OwnedNumbersCard with hosted variants', () => {
  it('lists every single-field variant with its release, wide and on a phone', async () => {
    const records = [OWNED, ...singleFieldVariants(OWNED, 1), ...allFieldsVariants(OWNED, 10_000)];
    for (const compact of [false, true]) {
      const numbers = await renderOwned(records, compact);
      expect(numbers).toHaveLength(records.length);
      const rows = screen.getAllByTestId('phone-number-row');
      expect(rows).toHaveLength(numbers.length);
      numbers.forEach((n, i) => {
        // The row shows the number (or "—"); its release names the number, or its id when the host did not send it.
        expect(rows[i]!.textContent, `number ${n.id}`).toContain(n.phone_number ?? '—');
        expect(within(rows[i]!).getByRole('button', { name: `Release ${n.phone_number ?? `number ${n.id}`}` }), `number ${n.id}`).toBeInTheDocument();
      });
      cleanup();
    }
  });

  it('a number with nothing but its id says "—" for number, country, type and what it serves', async () => {
    const [bare] = (await renderOwned([{ id: 9302 }])) as [OwnedNumber];
    expect(numberTypeLabel(bare)).toBe('');
    expect(servedBy(bare)).toBeNull();
    const cells = within(screen.getByTestId('phone-number-row')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['—', '—', '—', '—', '—', '—']);
    cleanup();
    await renderOwned([{ id: 9302 }], true);
    expect(screen.getByTestId('phone-number-row').textContent).toContain('—');
  });

  it('renders random combinations of drift', async () => {
    await checkRandomTables(OWNED, 4, async (records, compact) => {
      await renderOwned(numbered(records), compact);
      expect(screen.getAllByTestId('phone-number-row')).toHaveLength(records.length);
    });
  });
});

describe('OwnedNumbersCard with the lookup’s variants', () => {
  it('lists every number only the lookup names by its number (or "—"), type (or "—") and availability', async () => {
    const records = [LISTED, ...singleFieldVariants(LISTED, 20_000), ...allFieldsVariants(LISTED, 10_000)];
    const listed = listOf(phoneNumberSchema).parse(records);
    expect(listed).toHaveLength(records.length);
    for (const compact of [false, true]) {
      await renderOwned([], compact, listed);
      const rows = screen.getAllByTestId('phone-number-row');
      expect(rows).toHaveLength(listed.length);
      listed.forEach((n, i) => {
        const text = rows[i]!.textContent ?? '';
        expect(text, `number ${n.id}`).toContain(n.phone_number || '—');
        expect(text, `number ${n.id}`).toContain(n.is_available ? 'Free' : 'In use');
        if (n.type_label) expect(text, `number ${n.id}`).toContain(hostTypeLabel(n.type_label));
        expect(within(rows[i]!).getByRole('button', { name: `Edit the nickname of ${n.phone_number ?? `number ${n.id}`}` })).toBeInTheDocument();
      });
      cleanup();
    }
  });

  it('joins the lookup to the owned number by id: availability from one, the rest from the other', async () => {
    const listed = listOf(phoneNumberSchema).parse([{ ...LISTED, is_available: 0 }]);
    await renderOwned([OWNED], false, listed);
    const row = screen.getByTestId('phone-number-row');
    expect(row.textContent).toContain('In use');
    expect(row.textContent).toContain('Harbor Dental Reception');
    expect(row.textContent).toContain('Front line');
  });
});

describe('BuyNumberCard with hosted variants', () => {
  it('lists every single-field variant with its price (or "—"), and offers Buy only for a number it can name', async () => {
    const records = distinctNumbers([FOR_SALE, ...singleFieldVariants(FOR_SALE, 1), ...allFieldsVariants(FOR_SALE, 10_000)]).map(({ id: _id, ...r }) => r);
    for (const compact of [false, true]) {
      const numbers: AvailableNumber[] = await renderForSale(records, compact);
      expect(numbers).toHaveLength(records.length);
      const rows = screen.getAllByTestId('available-number-row');
      expect(rows).toHaveLength(numbers.length);
      numbers.forEach((n, i) => {
        const row = within(rows[i]!);
        expect(row.getAllByRole('cell')[0]!.textContent, `row ${i}`).toMatch(new RegExp(`^${escape(n.phone_number_formatted || n.phone_number || '—')}`));
        expect(row.getByTestId('available-number-price')).toHaveTextContent(formatMoney(n.price));
        expect(row.getByRole('button', { name: /^Buy/ }).hasAttribute('disabled')).toBe(!n.phone_number);
      });
      cleanup();
    }
  });

  it('renders random combinations of drift', async () => {
    await checkRandomTables(FOR_SALE, 4, async (records, compact) => {
      await renderForSale(distinctNumbers(records), compact);
      expect(screen.getAllByTestId('available-number-row')).toHaveLength(records.length);
    });
  });
});
