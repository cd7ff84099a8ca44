import { describe, expect, it } from 'vitest';
import { aggregateCalls, type ChartCall } from './chart-data';

const call = (created_at: string | null, status: string, duration = 60, total_cost: number | null = 0.1, answered_by: string | null = 'human'): ChartCall => ({
  created_at,
  status,
  duration,
  total_cost,
  answered_by,
});

describe('aggregateCalls', () => {
  it('counts calls per day by status, with minutes and cost', () => {
    const data = aggregateCalls([
      call('2025-05-01 09:00:00', 'completed', 90, 0.2),
      call('2025-05-01 23:59:59', 'failed', 30, 0.05),
      call('2025-05-01 12:00:00', 'completed', 60, 0.1),
      call('2025-05-03 00:00:00', 'no-answer', 0, 0),
    ]);
    expect(data.statuses).toEqual(['completed', 'no-answer', 'failed']);
    expect(data.range).toEqual({ from: '2025-05-01', to: '2025-05-03' });
    expect(data.calls).toBe(4);
    expect(data.days).toEqual([
      { day: '2025-05-01', calls: 3, minutes: 3, cost: 0.35, completed: 2, failed: 1, 'no-answer': 0 },
      { day: '2025-05-02', calls: 0, minutes: 0, cost: 0, completed: 0, failed: 0, 'no-answer': 0 },
      { day: '2025-05-03', calls: 1, minutes: 0, cost: 0, completed: 0, failed: 0, 'no-answer': 1 },
    ]);
  });

  it('fills gaps across a month end and orders days regardless of input order', () => {
    const data = aggregateCalls([call('2025-03-01 10:00:00', 'completed'), call('2025-02-27 10:00:00', 'completed')]);
    expect(data.days.map((d) => d.day)).toEqual(['2025-02-27', '2025-02-28', '2025-03-01']);
  });

  it('keeps unknown statuses as their own series and tolerates nulls', () => {
    const data = aggregateCalls([
      call('2025-05-01 09:00:00', 'voicemail-left', 0, null, null),
      call('2025-05-01 09:00:00', '', 10, 0.01, ''),
      call(null, 'completed'),
    ]);
    expect(data.statuses).toEqual(['unknown', 'voicemail-left']);
    expect(data.days).toHaveLength(1);
    expect(data.days[0]).toMatchObject({ 'voicemail-left': 1, unknown: 1, cost: 0.01 });
    expect(data.answeredBy).toEqual([
      { name: 'not recorded', value: 2 },
      { name: 'human', value: 1 },
    ]);
  });

  it('does not let a status overwrite the row fields', () => {
    const data = aggregateCalls([call('2025-05-01 09:00:00', 'calls')]);
    expect(data.days[0]).toMatchObject({ calls: 1, 'status calls': 1 });
  });

  it('gives empty data for no calls', () => {
    expect(aggregateCalls([])).toEqual({ days: [], statuses: [], answeredBy: [], range: null, calls: 0, latency: [] });
  });

  it('keeps only days with calls when the span is too long to fill', () => {
    const data = aggregateCalls([call('2020-01-01 00:00:00', 'completed'), call('2025-01-01 00:00:00', 'completed')]);
    expect(data.days).toHaveLength(2);
  });

  it('gives the p95 of the model time per day from the turns, a summary-only record as its p95, and none without', () => {
    const base = { status: 'completed', duration: 60, total_cost: 0.1, answered_by: 'human' };
    const turns = (...ms: number[]) => ms.map((latency_ms) => ({ sender: 'bot', type: 'message', text: 'x', timestamp: null, latency_ms }));
    const data = aggregateCalls([
      { ...base, created_at: '2026-05-01 10:00:00', transcript: [...turns(300, 500), { sender: 'bot', type: 'filler', text: 'One moment', timestamp: null, latency_ms: 9000 }] },
      { ...base, created_at: '2026-05-01 11:00:00', transcript: turns(1200) },
      { ...base, created_at: '2026-05-03 09:00:00', transcript: 'AI: scripted', latency: { p50_ms: 400, p95_ms: 700, turns: 3 } },
      { ...base, created_at: '2026-05-03 09:30:00', transcript: 'AI: scripted', latency: null },
    ]);
    expect(data.latency).toEqual([
      { day: '2026-05-01', p95: 1200, turns: 3 },
      { day: '2026-05-02', p95: null, turns: 0 },
      { day: '2026-05-03', p95: 700, turns: 1 },
    ]);
    expect(aggregateCalls([{ ...base, created_at: '2026-05-01 10:00:00', transcript: 'AI: hi' }]).latency).toEqual([]);
  });
});
