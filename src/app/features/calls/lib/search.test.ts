import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, callsSearchSchema, clearedSearch, filterOf, hasActiveFilter, sameSearch, type CallsSearch } from './search';

describe('callsSearchSchema', () => {
  it('gives the defaults for an empty search', () => {
    expect(callsSearchSchema.parse({})).toEqual({ phone: '', page: 1, per_page: 15 });
  });

  it('keeps valid values, reading numbers from strings', () => {
    expect(
      callsSearchSchema.parse({
        status: 'no-answer',
        type: 'outbound',
        phone: '+49 30 1234567',
        assistant_id: '4',
        campaign_id: 7,
        date_from: '2025-05-01',
        date_to: '2025-05-31',
        page: '3',
        per_page: '50',
      }),
    ).toEqual({
      status: 'no-answer',
      type: 'outbound',
      phone: '+49 30 1234567',
      assistant_id: 4,
      campaign_id: 7,
      date_from: '2025-05-01',
      date_to: '2025-05-31',
      page: 3,
      per_page: 50,
    });
  });

  it('falls back field by field on bad values instead of failing', () => {
    const s = callsSearchSchema.parse({
      status: 'exploded',
      type: 42,
      phone: { x: 1 },
      assistant_id: 'abc',
      campaign_id: -3,
      date_from: '2025-02-30',
      date_to: 'yesterday',
      page: 0,
      per_page: 20,
    });
    expect(s).toMatchObject({ phone: '', page: 1, per_page: 15 });
    expect(s.status).toBeUndefined();
    expect(s.type).toBeUndefined();
    expect(s.assistant_id).toBeUndefined();
    expect(s.campaign_id).toBeUndefined();
    expect(s.date_from).toBeUndefined();
    expect(s.date_to).toBeUndefined();
  });

  it('accepts every offered page size and nothing else', () => {
    for (const n of [15, 25, 50, 100]) expect(callsSearchSchema.parse({ per_page: n }).per_page).toBe(n);
    expect(callsSearchSchema.parse({ per_page: 101 }).per_page).toBe(15);
    expect(callsSearchSchema.parse({ page: 2.5 }).page).toBe(1);
  });

  it('reads a phone that arrived as a number and trims it', () => {
    expect(callsSearchSchema.parse({ phone: 4930123 }).phone).toBe('4930123');
    expect(callsSearchSchema.parse({ phone: '  +1 415  ' }).phone).toBe('+1 415');
  });

  it('reads the charts flag and drops anything but a boolean', () => {
    expect(callsSearchSchema.parse({ charts: true }).charts).toBe(true);
    expect(callsSearchSchema.parse({ charts: 'yes' }).charts).toBeUndefined();
  });

  it('turns a reversed date range around', () => {
    expect(callsSearchSchema.parse({ date_from: '2025-06-10', date_to: '2025-06-01' })).toMatchObject({
      date_from: '2025-06-01',
      date_to: '2025-06-10',
    });
  });
});

describe('search helpers', () => {
  it('knows whether a filter is active and clears it keeping the page size', () => {
    const s = callsSearchSchema.parse({ status: 'failed', page: 4, per_page: 50, charts: true });
    expect(hasActiveFilter(s)).toBe(true);
    expect(hasActiveFilter(callsSearchSchema.parse({ page: 3 }))).toBe(false);
    expect(clearedSearch(s)).toEqual({ phone: '', page: 1, per_page: 50, charts: true });
    expect(filterOf(s)).toEqual({ status: 'failed', phone: '' });
  });

  it('reads the latency filter (our extension) as whole milliseconds within the service’s bounds, and counts it', () => {
    expect(callsSearchSchema.parse({ latency_p95_min: '800' }).latency_p95_min).toBe(800);
    expect(callsSearchSchema.parse({ latency_p95_min: 0 }).latency_p95_min).toBe(0);
    for (const bad of [-1, 600_001, 12.5, 'fast']) expect(callsSearchSchema.parse({ latency_p95_min: bad }).latency_p95_min).toBeUndefined();
    const search = callsSearchSchema.parse({ latency_p95_min: 900 });
    expect(activeFilterCount(search)).toBe(1);
    expect(clearedSearch(search).latency_p95_min).toBeUndefined();
  });
});

describe('sameSearch', () => {
  // Searches as the URL may carry them: any of the fields, in any order, some unset.
  const search = fc
    .record(
      {
        status: fc.constantFrom('completed', 'failed', 'busy'),
        type: fc.constantFrom('inbound', 'outbound'),
        phone: fc.constantFrom('', '+4930123'),
        assistant_id: fc.integer({ min: 1, max: 3 }),
        page: fc.integer({ min: 1, max: 3 }),
        per_page: fc.constantFrom(15, 25),
        charts: fc.constantFrom(true, undefined),
      },
      { requiredKeys: [] },
    )
    .map((s) => callsSearchSchema.parse(s));

  it('does not care about the order of the fields or an unset one', () => {
    fc.assert(
      fc.property(search, (s) => {
        const reversed = Object.fromEntries(Object.entries(s).reverse()) as CallsSearch;
        expect(sameSearch(s, reversed)).toBe(true);
        expect(sameSearch(s, { ...s, date_from: undefined })).toBe(true);
      }),
    );
  });

  it('tells apart two searches that differ in any field', () => {
    fc.assert(
      fc.property(search, search, (a, b) => {
        expect(sameSearch(a, b)).toBe(JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort()));
      }),
    );
  });
});
