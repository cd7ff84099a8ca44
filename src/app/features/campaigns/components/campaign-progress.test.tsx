import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { campaignProgressSchema, type CampaignProgress } from '@contract/live';
import { ApiError } from '@/api';
import { LIVE_CALL as RUNNING_CALL, RUNNING_CAMPAIGN } from '@/test/live-records';
import { allFieldsVariants, checkRandomAnswers, renderInConsole, singleFieldVariants, type JsonRecord } from '@/test/variants';
import { seriesRows } from '../lib/series';
import { leadsDone } from '@/lib/campaign-progress';
import { CampaignProgressSection, CampaignProgressView, orderedStatuses } from './campaign-progress';

/** The campaign's call, still ringing. */
const LIVE_CALL: JsonRecord = { ...RUNNING_CALL, status: 'ringing', answered_at: null };

const POINT: JsonRecord = { at: '2026-11-23 09:58:00', calls: 3, answered: 2, completed_leads: 1 };

/** The overview's running campaign, later: 5 of its 10 leads done. */
const FULL: JsonRecord = {
  ...RUNNING_CAMPAIGN,
  leads_by_status: { completed: 4, created: 5, 'reached-max-retries': 1 },
  attempts: 9,
  calls_by_status: { completed: 4, busy: 3, 'no-answer': 1 },
  live_calls: [LIVE_CALL, { ...LIVE_CALL, id: 9102, status: 'in-progress', answered_at: '2026-11-23 09:59:59' }],
  series: [POINT, { ...POINT, at: '2026-11-23 09:59:00', calls: 6, answered: 4, completed_leads: 3 }],
  bucket_seconds: 60,
};

const parse = (raw: unknown): CampaignProgress => campaignProgressSchema.parse(raw);

async function renderView(progress: CampaignProgress) {
  renderInConsole(() => <CampaignProgressView progress={progress} />);
  return screen.findByTestId('campaign-progress');
}

afterEach(cleanup);

describe('CampaignProgressView', () => {
  it('leads by status with counts and the bar, calls in progress, attempts, calls by outcome', async () => {
    await renderView(parse(FULL));
    expect(screen.getByTestId('progress-leads-done')).toHaveTextContent('5 of 10 done');
    expect(screen.getByRole('progressbar', { hidden: true, name: '5 of 10 leads done' })).toBeInTheDocument();
    const statuses = screen.getAllByTestId('progress-lead-status');
    // created, completed, reached-max-retries: the order a campaign moves them.
    expect(statuses.map((s) => [s.getAttribute('data-status'), s.textContent])).toEqual([
      ['created', 'created5'],
      ['completed', 'completed4'],
      ['reached-max-retries', 'reached-max-retries1'],
    ]);
    expect(screen.getByTestId('progress-in-progress')).toHaveTextContent('2');
    expect(screen.getByTestId('progress-attempts')).toHaveTextContent('9');
    expect(screen.getByTestId('progress-call-statuses')).toHaveTextContent('Busy3');
    const rows = screen.getAllByTestId('live-call');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['ringing', 'in-progress']);
    expect(rows[0]).toHaveTextContent('Ringing');
    // The campaign's own page does not repeat the campaign per call.
    expect(within(screen.getByTestId('live-calls')).queryByText('Autumn Renewals')).toBeNull();
  });

  it('the chart has its numbers as a table too', async () => {
    await renderView(parse(FULL));
    await userEvent.click(screen.getByText('Table'));
    const table = await screen.findByTestId('progress-series-table');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent));
    expect(cells).toEqual([
      ['3', '2', '1'],
      ['6', '4', '3'],
    ]);
    expect(table).toHaveTextContent('Each row is 1 minute');
  });

  it('the chart loads on demand', async () => {
    await renderView(parse(FULL));
    expect(await screen.findByTestId('progress-chart', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('empty: no leads, no calls, no series — each says so', async () => {
    await renderView(parse({ id: 7002 }));
    expect(screen.getByTestId('progress-leads-done')).toHaveTextContent('0 of 0 done');
    expect(screen.getByText('No leads yet.')).toBeInTheDocument();
    expect(screen.getByTestId('progress-no-live-calls')).toBeInTheDocument();
    expect(screen.getByText('No calls yet')).toBeInTheDocument();
    expect(screen.getByTestId('progress-attempts')).toHaveTextContent('—');
    expect(screen.getByTestId('progress-in-progress')).toHaveTextContent('0');
  });

  it('drifted answers: each field singly and all at once render without a crash or a stray value', async () => {
    for (const raw of [...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 100)]) {
      const progress = parse(raw);
      await renderView(progress);
      expect(screen.queryAllByTestId('live-call')).toHaveLength(progress.live_calls.length);
      expect(document.body.textContent).not.toMatch(/\[object Object\]|NaN|undefined/);
      cleanup();
    }
  });

  it('random drift of the answer, its calls and its points', async () => {
    await checkRandomAnswers(FULL, { call: LIVE_CALL, point: POINT }, async (top, { call, point }) => {
      const progress = parse({ ...top, id: 1, live_calls: [call], series: [point] });
      await renderView(progress);
      expect(screen.queryAllByTestId('live-call')).toHaveLength(progress.live_calls.length);
      expect(document.body.textContent).not.toMatch(/\[object Object\]|NaN/);
    });
  });
});

describe('CampaignProgressSection states', () => {
  function WithQuery({ fn }: { fn: () => Promise<CampaignProgress> }) {
    const query = useQuery({ queryKey: ['progress-test'], queryFn: fn });
    return <CampaignProgressSection query={query} />;
  }

  it('loading: a placeholder', async () => {
    renderInConsole(() => <WithQuery fn={() => new Promise(() => {})} />);
    expect(await screen.findByLabelText("Loading the campaign's progress")).toBeInTheDocument();
  });

  it('a host without progress (404): a calm note, no error box', async () => {
    renderInConsole(() => (
      <WithQuery fn={() => Promise.reject(new ApiError({ kind: 'not-found', status: 404, message: 'Not found.' }))} />
    ));
    expect(await screen.findByTestId('progress-not-offered')).toHaveTextContent('does not report');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('another failure: the error box with a retry', async () => {
    renderInConsole(() => <WithQuery fn={() => Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'Server Error' }))} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not load the campaign's progress");
    await waitFor(() => expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument());
  });
});

describe('progress figures', () => {
  it('leads done: every status but created, bounded by the total', () => {
    expect(leadsDone(10, { created: 3, completed: 7 })).toEqual({ done: 7, total: 10, percent: 70 });
    expect(leadsDone(null, { created: 1, completed: 1 })).toEqual({ done: 1, total: 2, percent: 50 });
    expect(leadsDone(2, { created: 5 })).toEqual({ done: 0, total: 2, percent: 0 });
    expect(leadsDone(0, {})).toEqual({ done: 0, total: 0, percent: 0 });
  });

  it('statuses: the known order first, then the rest by name', () => {
    expect(orderedStatuses({ zeta: 1, 'reached-max-retries': 2, alpha: 1, created: 3, completed: 4 }).map(([s]) => s)).toEqual([
      'created',
      'completed',
      'reached-max-retries',
      'alpha',
      'zeta',
    ]);
  });

  it('series rows: seconds for buckets under a minute, the text of an unreadable time kept', () => {
    const rows = seriesRows(
      parse({ id: 1, series: [{ at: '2026-11-23 09:58:30', calls: 1 }, { at: 'later', calls: '2' }] }).series,
      30,
    );
    expect(rows[0]!.label).toMatch(/^\d{2}:\d{2}:30$/);
    expect(rows[1]).toMatchObject({ label: 'later', calls: 2, answered: 0 });
  });
});
