import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overviewAnswerSchema, overviewSchema, type Overview } from '@contract/live';
import { liveFailedDelivery } from '@contract/test/record-examples';
import { LIVE_CALL, RUNNING_CAMPAIGN } from '@/test/live-records';
import { allFieldsVariants, checkRandomAnswers, renderInConsole, singleFieldVariants, type JsonRecord } from '@/test/variants';
import { compareMetric } from '../lib/format';
import { OverviewContent, OverviewPage } from './overview-page';

/** A failed delivery, the contract's full example. */
const DELIVERY: JsonRecord = liveFailedDelivery;

const TODAY: JsonRecord = { date: '2026-11-23', calls: 12, answered: 9, answer_rate: 0.75, minutes: 31.5, cost: 4.2 };
const YESTERDAY: JsonRecord = { date: '2026-11-22', calls: 8, answered: 7, answer_rate: 0.875, minutes: 20, cost: 3 };

const FULL: JsonRecord = {
  timezone: 'Europe/Berlin',
  live_calls: [LIVE_CALL],
  today: TODAY,
  yesterday: YESTERDAY,
  running_campaigns: [RUNNING_CAMPAIGN],
  failed_deliveries: [DELIVERY],
};

const parse = (raw: unknown): Overview => overviewSchema.parse(raw);

async function renderContent(overview: Overview) {
  renderInConsole(() => <OverviewContent overview={overview} />);
  return screen.findByTestId('day-stats');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('OverviewContent', () => {
  it('shows every part: the day figures with their change, the live call, the campaign bar, the failed delivery', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 10, 0, 5), toFake: ['Date'] });
    await renderContent(parse(FULL));
    expect(within(screen.getByTestId('stat-calls')).getByTestId('stat-today')).toHaveTextContent('12');
    expect(within(screen.getByTestId('stat-calls')).getByTestId('stat-change')).toHaveTextContent('+4 vs yesterday (8)');
    expect(within(screen.getByTestId('stat-answer_rate')).getByTestId('stat-today')).toHaveTextContent('75 %');
    expect(within(screen.getByTestId('stat-answer_rate')).getByTestId('stat-change')).toHaveTextContent('−12.5 pts vs yesterday (87.5 %)');
    expect(within(screen.getByTestId('stat-cost')).getByTestId('stat-today')).toHaveTextContent('$4.20');

    const row = screen.getByTestId('live-call');
    expect(row).toHaveAttribute('data-call-id', '9101');
    expect(row).toHaveTextContent('In progress');
    expect(row).toHaveTextContent('Orchard Caller');
    expect(row).toHaveTextContent('Autumn Renewals');
    expect(row.querySelector('[data-e164="+12025550100"]')).not.toBeNull();
    // Answered 12 s before "now".
    expect(row).toHaveTextContent('0:12');
    expect(screen.getByTestId('live-call-count')).toHaveTextContent('1 in progress');

    expect(screen.getByTestId('leads-done')).toHaveTextContent('3 / 10 leads done');
    expect(screen.getByRole('progressbar', { name: 'Autumn Renewals: 3 of 10 leads done' })).toBeInTheDocument();
    const delivery = screen.getByTestId('failed-delivery');
    expect(delivery).toHaveTextContent('HTTP 500');
    expect(delivery).toHaveTextContent('call.ended');
    expect(delivery).toHaveTextContent('hooks.example.com');
    expect(within(delivery).getByRole('link', { name: `Deliveries of assistant #${liveFailedDelivery.assistant_id}` })).toHaveAttribute('href', `/assistants/${liveFailedDelivery.assistant_id}`);
    expect(within(delivery).getByRole('link', { name: `Call #${liveFailedDelivery.call_id}` })).toHaveAttribute('href', `/calls/${liveFailedDelivery.call_id}`);
  });

  it('empty: no calls, no campaigns, no failures, no figures — each says so', async () => {
    await renderContent(parse({}));
    expect(screen.getByText('No calls right now')).toBeInTheDocument();
    expect(screen.getByText('No campaign is running')).toBeInTheDocument();
    expect(screen.getByText('No failed deliveries')).toBeInTheDocument();
    for (const key of ['calls', 'answer_rate', 'minutes', 'cost']) {
      expect(within(screen.getByTestId(`stat-${key}`)).getByTestId('stat-today')).toHaveTextContent('—');
      expect(within(screen.getByTestId(`stat-${key}`)).getByTestId('stat-change')).toHaveTextContent('Yesterday: —');
    }
  });

  it('drifted records: every field of a live call, a campaign and a delivery singly, and all at once', async () => {
    const calls = [...singleFieldVariants(LIVE_CALL, 1), ...allFieldsVariants(LIVE_CALL, 5000)];
    const campaigns = [...singleFieldVariants(RUNNING_CAMPAIGN, 1), ...allFieldsVariants(RUNNING_CAMPAIGN, 5000)];
    const deliveries = [...singleFieldVariants(DELIVERY, 1), ...allFieldsVariants(DELIVERY, 5000)];
    await renderContent(parse({ ...FULL, live_calls: calls, running_campaigns: campaigns, failed_deliveries: deliveries }));
    expect(screen.getAllByTestId('live-call')).toHaveLength(calls.length);
    expect(screen.getAllByTestId('running-campaign')).toHaveLength(campaigns.length);
    expect(screen.getAllByTestId('failed-delivery')).toHaveLength(deliveries.length);
    expect(document.body.textContent).not.toMatch(/\[object Object\]|NaN|undefined/);
    // A campaign without a name is named by its id; without counts its bar says 0 / 0.
    const bare = parse({ running_campaigns: [{ id: 77 }] }).running_campaigns[0]!;
    cleanup();
    await renderContent(parse({ running_campaigns: [bare] }));
    expect(screen.getByTestId('running-campaign')).toHaveTextContent('Campaign #77');
    expect(screen.getByTestId('leads-done')).toHaveTextContent('0 / 0 leads done');
  });

  it('random drift of the whole answer and its parts', async () => {
    await checkRandomAnswers(FULL, { call: LIVE_CALL, today: TODAY }, async (top, { call, today }) => {
      const overview = parse({ ...top, live_calls: [call], today });
      await renderContent(overview);
      expect(screen.queryAllByTestId('live-call')).toHaveLength(overview.live_calls.length);
      expect(document.body.textContent).not.toMatch(/\[object Object\]|NaN/);
    });
  });

  it('the answer wrapped in {data} or bare reads the same', () => {
    expect(overviewAnswerSchema.parse({ data: FULL })).toEqual(overviewAnswerSchema.parse(FULL));
  });
});

describe('OverviewPage states', () => {
  function host(answer: () => Promise<Response>) {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('asks for the overview in this browser’s time zone and shows it', async () => {
    const fetchMock = host(async () => json(200, { data: FULL }));
    renderInConsole(() => <OverviewPage />);
    expect(await screen.findByTestId('day-stats')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://console.test');
    expect(url.pathname).toMatch(/\/user\/overview$/);
    expect(url.searchParams.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByText(/days in Europe\/Berlin/)).toBeInTheDocument();
  });

  it('loading: a skeleton, busy', async () => {
    host(() => new Promise<Response>(() => {}));
    renderInConsole(() => <OverviewPage />);
    expect(await screen.findByLabelText('Loading the overview')).toHaveAttribute('aria-busy', 'true');
  });

  it('a host without the overview (404): a calm note with links, no error box', async () => {
    host(async () => json(404, { message: 'Not found.' }));
    renderInConsole(() => <OverviewPage />);
    expect(await screen.findByTestId('overview-not-offered')).toHaveTextContent('does not offer the live overview');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Call log' })).toHaveAttribute('href', '/calls');
  });

  it('another failure: the error box with the host’s message and a retry', async () => {
    host(async () => json(403, { message: 'This action is unauthorized.' }));
    renderInConsole(() => <OverviewPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the overview');
    expect(alert).toHaveTextContent('This action is unauthorized.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('compareMetric', () => {
  const day = (v: Partial<Record<'calls' | 'answer_rate' | 'minutes' | 'cost', number | null>>) =>
    ({ date: null, calls: null, answered: null, answer_rate: null, minutes: null, cost: null, ...v }) as Overview['today'];
  it('a change that rounds to nothing is no change; a missing day gives none', () => {
    expect(compareMetric('cost', day({ cost: 1.001 }), day({ cost: 1 }))).toMatchObject({ change: 'no change', direction: 'same' });
    expect(compareMetric('minutes', day({ minutes: 3 }), day({ minutes: 4.5 }))).toMatchObject({ change: '−1.5', direction: 'down' });
    expect(compareMetric('calls', day({ calls: 3 }), null)).toMatchObject({ today: '3', yesterday: '—', change: null, direction: null });
  });
});
