import { describe, expect, it, vi } from 'vitest';
import { fetchAllLeadPages, leadsAnswerSchema, type LeadsPage } from './get-leads';

const lead = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  campaign_id: 1,
  phone_number: `+4930123456${String(id).padStart(2, '0')}`,
  variables: { customer_name: `Lead ${id}` },
  status: 'created',
  created_at: '2025-01-01 10:00:00',
  updated_at: '2025-01-01 10:00:00',
  campaign: { id: 1, name: 'Spring' },
  secondary_contacts: [],
  ...extra,
});

function paginator(page: number, lastPage: number, data: unknown[]) {
  return {
    current_page: page,
    data,
    first_page_url: '/api/user/leads?page=1',
    from: data.length ? (page - 1) * 15 + 1 : null,
    last_page: lastPage,
    last_page_url: `/api/user/leads?page=${lastPage}`,
    links: [],
    next_page_url: page < lastPage ? `/api/user/leads?page=${page + 1}` : null,
    path: '/api/user/leads',
    per_page: 15,
    prev_page_url: null,
    to: null,
    total: 0,
  };
}

describe('leadsAnswerSchema', () => {
  it('reads a bare array', () => {
    const r = leadsAnswerSchema.parse([lead(1), lead(2)]);
    expect(r.lastPage).toBe(1);
    expect(r.leads.map((l) => l.id)).toEqual([1, 2]);
  });

  it('reads a paginator (ids and pages as strings too)', () => {
    const r = leadsAnswerSchema.parse({ ...paginator(1, 3, [lead(1)]), last_page: '3', current_page: '1' });
    expect(r).toMatchObject({ lastPage: 3 });
    expect(r.leads[0]!.id).toBe(1);
  });

  it('reads the old {leads: [...]} wrapper and a {data} wrapper', () => {
    expect(leadsAnswerSchema.parse({ leads: [lead(5)] }).leads[0]!.id).toBe(5);
    expect(leadsAnswerSchema.parse({ data: [lead(6)] }).leads[0]!.id).toBe(6);
  });

  it('takes the hosted quirks: string ids, [] variables, null campaign and contacts', () => {
    const r = leadsAnswerSchema.parse([lead(1, { id: '7', variables: [], campaign: null, secondary_contacts: null, status: 'paused-by-carrier' })]);
    expect(r.leads[0]).toMatchObject({ id: 7, variables: {}, campaign: null, secondary_contacts: [], status: 'paused-by-carrier' });
  });
});

describe('fetchAllLeadPages', () => {
  it('one call for an unpaged answer', async () => {
    const fetchPage = vi.fn(async (): Promise<LeadsPage> => leadsAnswerSchema.parse([lead(1), lead(2)]));
    expect((await fetchAllLeadPages(fetchPage)).map((l) => l.id)).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(undefined);
  });

  it('fetches every page of a paginator, in order, once per lead', async () => {
    const pages: Record<number, unknown[]> = {
      1: Array.from({ length: 15 }, (_, i) => lead(i + 1)),
      2: Array.from({ length: 15 }, (_, i) => lead(i + 15)), // lead 15 moved onto page 2 meanwhile
      3: [lead(30), lead(31)],
    };
    const fetchPage = vi.fn(async (page: number | undefined) => leadsAnswerSchema.parse(paginator(page ?? 1, 3, pages[page ?? 1]!)));
    const leads = await fetchAllLeadPages(fetchPage);
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([undefined, 2, 3]);
    expect(leads).toHaveLength(31);
    expect(new Set(leads.map((l) => l.id)).size).toBe(31);
  });

  it('stops at an empty page', async () => {
    const fetchPage = vi.fn(async (page: number | undefined) =>
      leadsAnswerSchema.parse(paginator(page ?? 1, 10, page === undefined ? [lead(1)] : page === 2 ? [lead(2)] : [])),
    );
    expect(await fetchAllLeadPages(fetchPage)).toHaveLength(2);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });
});
