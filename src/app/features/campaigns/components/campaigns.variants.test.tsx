import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { campaignSchema, type Campaign } from '@contract/campaign';
import { allFieldsVariants, checkRandomTables, numbered, renderInConsole, singleFieldVariants, type JsonRecord } from '@/test/variants';
import { CampaignsTable } from './campaigns-table';

/** A campaign with every field the spec names, as the hosted service fills them. */
const FULL: JsonRecord = {
  id: 7001,
  name: 'Autumn Renewals',
  status: 'running',
  assistant_id: 4102,
  assistant: { id: 4102, name: 'Orchard Caller' },
  timezone: 'Europe/Berlin',
  max_calls_in_parallel: 3,
  allowed_hours_start_time: '09:00:00',
  allowed_hours_end_time: '17:30',
  allowed_days: ['monday', 'tuesday', 'wednesday'],
  max_retries: 3,
  retry_interval: 60,
  phone_number_ids: [9302],
  leads_count: 12,
  created_at: '2025-09-20T07:00:00.000000Z',
  updated_at: '2025-09-21 07:00:00',
};

const parse = (records: JsonRecord[]): Campaign[] => records.map((r) => campaignSchema.parse(r));

async function renderTable(campaigns: Campaign[], compact = false) {
  renderInConsole(() => <CampaignsTable campaigns={campaigns} compact={compact} renderLink={(_c, children) => children} />);
  return screen.findByTestId('campaigns-table');
}

afterEach(cleanup);

describe('CampaignsTable with hosted variants', () => {
  it('shows every single-field variant as a row with its name (or its id)', async () => {
    const variants = [...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)];
    const campaigns = parse(variants);
    await renderTable(campaigns);
    expect(screen.getAllByTestId('campaign-row')).toHaveLength(campaigns.length);
    for (const c of campaigns) {
      const row = document.querySelector(`[data-campaign-id="${c.id}"]`);
      expect(row, `campaign ${c.id}`).not.toBeNull();
      expect(row!.textContent).toContain(c.name || `Campaign ${c.id}`);
    }
  });

  it('a campaign without assistant, schedule or retries says "—", not a lone separator', async () => {
    const [bare] = parse([{ id: 7002, name: 'Lapsed Patients Recall', status: 'paused' }]);
    await renderTable([bare!]);
    const row = document.querySelector('[data-campaign-id="7002"]')!;
    expect(row.textContent).toContain('paused');
    expect(row.textContent).not.toContain('No assistant');
    expect(row.textContent).not.toMatch(/^·|\s·\s*$/);
    expect(row.textContent!.split('—').length - 1).toBeGreaterThanOrEqual(3);
  });

  it('renders random combinations of drift, wide and compact', async () => {
    await checkRandomTables(FULL, 4, async (records, compact) => {
      const campaigns = parse(numbered(records));
      await renderTable(campaigns, compact);
      expect(screen.getAllByTestId('campaign-row')).toHaveLength(campaigns.length);
    });
  });
});
