import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceEventSchema } from '@contract/live';
import { createInvalidationBatcher, keysForEvent } from './invalidation';

const ev = (raw: Record<string, unknown>) => serviceEventSchema.parse(raw);

/** A cache holding one query under each key, to see which an event marks stale. */
function cacheWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { v: 1 });
  return client;
}

const CACHED = {
  callList: ['calls', 'list', { page: 1, per_page: 15 }],
  callSample: ['calls', 'sample', {}, 500],
  call41: ['calls', 'detail', 41],
  call42: ['calls', 'detail', 42],
  callOptions: ['calls', 'options', 'assistants'],
  overview: ['overview', 'Europe/Berlin'],
  campaigns: ['campaigns', 'list'],
  progress3: ['campaigns', 'progress', 3],
  progress4: ['campaigns', 'progress', 4],
  leads: ['leads', 'list'],
  deliveries: ['webhooks', 'deliveries', 'list', { page: 1 }],
  secret: ['webhooks', 'secret'],
  account: ['account', 'me'],
} as const;

function staleAfter(event: Record<string, unknown>): string[] {
  const client = cacheWith(Object.values(CACHED).map((k) => [...k]));
  for (const queryKey of keysForEvent(ev(event))) void client.invalidateQueries({ queryKey, refetchType: 'none' });
  return Object.entries(CACHED)
    .filter(([, key]) => client.getQueryState([...key])?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('keysForEvent', () => {
  it('a call of a campaign: call lists and charts, that call, the overview, that campaign’s progress', () => {
    expect(staleAfter({ type: 'call', id: 41, status: 'ringing', campaign_id: 3 })).toEqual(
      ['call41', 'callList', 'callSample', 'overview', 'progress3'].sort(),
    );
  });

  it('a call without a campaign: any progress on screen, not the campaign list', () => {
    expect(staleAfter({ type: 'call', id: '42', status: 'completed' })).toEqual(
      ['call42', 'callList', 'callSample', 'overview', 'progress3', 'progress4'].sort(),
    );
  });

  it('lead and campaign events: campaigns (list and progress), leads, the overview', () => {
    for (const type of ['lead', 'campaign']) {
      expect(staleAfter({ type, id: 7, campaign_id: 3 })).toEqual(['campaigns', 'leads', 'overview', 'progress3', 'progress4'].sort());
    }
  });

  it('a delivery: the deliveries, its call, the overview (failed deliveries) — never the signing secret', () => {
    expect(staleAfter({ type: 'delivery', id: 9, call_id: 41, status: 'failed' })).toEqual(['call41', 'deliveries', 'overview'].sort());
  });

  it('account: the account only', () => {
    expect(staleAfter({ type: 'account' })).toEqual(['account']);
  });

  it('an event type nobody knows changes nothing', () => {
    expect(staleAfter({ type: 'weather', id: 1 })).toEqual([]);
  });
});

describe('createInvalidationBatcher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a burst of events is one invalidation per key, after the delay', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const batcher = createInvalidationBatcher(client, 250);
    for (let i = 0; i < 20; i++) batcher.add(keysForEvent(ev({ type: 'lead', id: i, campaign_id: 3 })));
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(249);
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(spy.mock.calls.map(([f]) => f?.queryKey)).toEqual([['campaigns'], ['leads'], ['overview']]);
    // The next event waits its own delay.
    batcher.add([['overview']]);
    vi.advanceTimersByTime(250);
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it('dispose drops what waits', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const batcher = createInvalidationBatcher(client, 100);
    batcher.add([['overview']]);
    batcher.dispose();
    vi.advanceTimersByTime(1000);
    expect(spy).not.toHaveBeenCalled();
  });
});
