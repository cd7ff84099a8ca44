import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema, leadsAnswerSchema, type Lead } from '@contract/lead';
import { allFieldsVariants, checkRandomTables, checkRandomVariants, numbered, renderInConsole, singleFieldVariants, stubDocumentFonts, type JsonRecord } from '@/test/variants';
import { LeadEditForm } from './lead-edit-form';
import { LeadsTable } from './leads-table';

/** A secondary contact as the hosted lead list nests it. */
const FULL_CONTACT: JsonRecord = {
  id: 51,
  phone_number: '+4930901821',
  variables: { customer_name: 'Jan Weber' },
  status: 'created',
  created_at: '2025-09-20 07:00:00',
  updated_at: '2025-09-20T07:00:00.000000Z',
};

/** A lead as the hosted lead list sends it, every field filled. */
const FULL: JsonRecord = {
  id: 3101,
  campaign_id: 7001,
  phone_number: '+4930901820',
  variables: { customer_name: 'Ada Weber', email: 'ada@example.org', plan: 'gold', visits: 3 },
  status: 'completed',
  created_at: '2025-09-20 07:00:00',
  updated_at: '2025-09-21T07:00:00.000000Z',
  campaign: { id: 7001, name: 'Autumn Renewals' },
  secondary_contacts: [FULL_CONTACT],
};

const CAMPAIGNS = [{ value: 7001, label: 'Autumn Renewals' }];

const parse = (records: JsonRecord[]): Lead[] => records.map((r) => leadSchema.parse(r));

async function renderTable(leads: Lead[], compact = false) {
  renderInConsole(() => (
    <LeadsTable leads={leads} compact={compact} onSort={() => {}} onDelete={() => {}} renderEditLink={(l, children) => <a href={`/leads/${l.id}`}>{children}</a>} />
  ));
  return screen.findByTestId('leads-table');
}

async function renderForm(lead: Lead) {
  renderInConsole(() => <LeadEditForm lead={lead} campaigns={CAMPAIGNS} defaultCountry="DE" onSaved={() => {}} onCancel={() => {}} />);
  return screen.findByRole('form', { name: 'Edit lead' });
}

function row(id: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-lead-id="${id}"]`);
  expect(el, `lead ${id}`).not.toBeNull();
  return el!;
}

beforeAll(stubDocumentFonts);
afterEach(cleanup);

describe('LeadsTable with hosted variants', () => {
  it('shows every single-field variant as a row with its edit link, wide and compact, read as the hosted paginator sends it', async () => {
    const records = [...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)];
    const { leads } = leadsAnswerSchema.parse({ current_page: '1', data: records });
    expect(leads).toHaveLength(records.length);
    for (const compact of [false, true]) {
      await renderTable(leads, compact);
      expect(screen.getAllByTestId('lead-row')).toHaveLength(leads.length);
      for (const lead of leads) {
        expect(row(lead.id).querySelector(`a[href="/leads/${lead.id}"]`), `link of lead ${lead.id}`).not.toBeNull();
      }
      cleanup();
    }
  });

  it('keeps the secondary contacts that have an id, whatever else drifted', async () => {
    const contacts = [FULL_CONTACT, ...singleFieldVariants(FULL_CONTACT, 60), ...allFieldsVariants(FULL_CONTACT, 200)];
    const [lead] = parse([{ ...FULL, secondary_contacts: contacts }]);
    expect(lead!.secondary_contacts).toHaveLength(contacts.length);
    await renderTable([lead!]);
    screen.getByTestId('lead-contacts-count').click();
    expect(await screen.findAllByTestId('secondary-contact')).toHaveLength(contacts.length);
  });

  it('a lead with nothing but its id says "—" for its number, name, campaign, status and date', async () => {
    const [bare] = parse([{ id: 3102 }]);
    await renderTable([bare!]);
    const cells = [...row(3102).querySelectorAll('td')].map((td) => td.textContent);
    // Phone, name/email, campaign, status, contacts (a count: 0), created, delete.
    expect(cells.slice(0, 4)).toEqual(['—', '—', '—', '—']);
    expect(cells[4]).toBe('0');
    expect(cells[5]).toBe('—');
    cleanup();
    await renderTable([bare!], true);
    expect(row(3102).textContent).toContain('—');
    expect(row(3102).textContent).not.toContain('Campaign ?');
  });

  it('renders random combinations of drift, wide and compact', async () => {
    await checkRandomTables(FULL, 4, async (records, compact) => {
      const leads = parse(numbered(records));
      await renderTable(leads, compact);
      expect(screen.getAllByTestId('lead-row')).toHaveLength(leads.length);
    });
  });
});

describe('LeadEditForm with hosted variants', () => {
  it('opens the full lead, every single-field variant and the every-field-drifted ones', async () => {
    // A form costs ~200 ms in jsdom: only the fields it reads, and each distinct parsed lead once.
    const read = parse([FULL, ...singleFieldVariants(FULL, 1, ['created_at', 'updated_at']), ...allFieldsVariants(FULL, 10_000)]);
    const distinct = new Map(read.map((l) => [JSON.stringify({ ...l, id: 0 }), l]));
    for (const lead of distinct.values()) {
      await renderForm(lead);
      // The campaign (by the list's name for it) is what the form shows of the record; none is an empty choice.
      if ((lead.campaign_id ?? lead.campaign?.id) === 7001) expect(screen.getByDisplayValue('Autumn Renewals'), `lead ${lead.id}`).toBeInTheDocument();
      cleanup();
    }
  });

  it('opens random combinations of drift', async () => {
    await checkRandomVariants(FULL, (record) => renderForm(parse([record])[0]!), 4);
  });
});
