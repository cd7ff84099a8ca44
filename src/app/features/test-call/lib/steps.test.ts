import { describe, expect, it } from 'vitest';
import { callProgress, STEP_KEYS, type StepState } from './steps';

const states = (status: string, answeredBy: string | null = null, options?: Parameters<typeof callProgress>[2]) =>
  callProgress(status, answeredBy, options).steps.map((s) => s.state);

describe('callProgress', () => {
  it('moves through the live steps, the outcome waiting after the hang-up', () => {
    const table: [string, StepState[], number][] = [
      ['initiated', ['current', 'waiting', 'waiting', 'waiting', 'waiting'], 0],
      ['ringing', ['done', 'current', 'waiting', 'waiting', 'waiting'], 1],
      ['in-progress', ['done', 'done', 'current', 'waiting', 'waiting'], 2],
      ['ended', ['done', 'done', 'done', 'done', 'current'], 4],
    ];
    for (const [status, expected, active] of table) {
      const p = callProgress(status, null);
      expect(p.steps.map((s) => s.state), status).toEqual(expected);
      expect(p.live, status).toBe(true);
      expect(p.outcome, status).toBeNull();
      expect(p.active, status).toBe(active);
    }
    expect(callProgress('ended', null).steps[4]?.note).toBe('Waiting for the outcome');
  });

  it('passes every step for answered outcomes, naming the outcome', () => {
    for (const [status, label] of [
      ['completed', 'Completed'],
      ['ended_by_customer', 'Ended by customer'],
      ['ended_by_assistant', 'Ended by assistant'],
    ] as const) {
      const p = callProgress(status, 'human');
      expect(p.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
      expect(p.live).toBe(false);
      expect(p.active).toBe(STEP_KEYS.length);
      expect(p.outcome).toMatchObject({ label, answered: true });
      expect(p.steps[4]?.note).toBe(label);
    }
  });

  it('says when a voicemail answered', () => {
    expect(callProgress('completed', 'machine').outcome?.text).toMatch(/voicemail/i);
    expect(callProgress('ended_by_assistant', 'machine').outcome?.text).toMatch(/voicemail/i);
    expect(callProgress('completed', 'human').outcome?.text).not.toMatch(/voicemail/i);
  });

  it('skips the answered steps of busy and no-answer calls, which rang', () => {
    for (const status of ['busy', 'no-answer']) {
      expect(states(status)).toEqual(['done', 'done', 'skipped', 'skipped', 'done']);
      expect(callProgress(status, null).outcome?.answered).toBe(false);
    }
    expect(callProgress('busy', null).steps[2]?.note).toBe('Not answered');
  });

  it('counts ringing for a failed call only when it was seen ringing', () => {
    expect(states('failed')).toEqual(['done', 'skipped', 'skipped', 'skipped', 'done']);
    expect(states('failed', null, { seen: new Set(['initiated', 'ringing']) })).toEqual(['done', 'done', 'skipped', 'skipped', 'done']);
    expect(callProgress('failed', null).outcome).toMatchObject({ label: 'Failed', color: 'red' });
  });

  it('shows an unknown status as it came and stops looking', () => {
    const p = callProgress('zz-never-heard-of-it', null);
    expect(p.live).toBe(false);
    expect(p.outcome).toMatchObject({ label: 'zz-never-heard-of-it', color: null });
    expect(p.outcome?.text).toContain('“zz-never-heard-of-it”');
    expect(p.steps.map((s) => s.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'done']);
    const blank = callProgress('', null);
    expect(blank.outcome?.label).toBe('—');
    expect(blank.outcome?.text).toBe('The service sent no status for this call.');
  });

  it('takes ended as final on a host that stops there', () => {
    const p = callProgress('ended', 'human', { endedIsFinal: true });
    expect(p.live).toBe(false);
    expect(p.outcome?.label).toBe('Ended');
    expect(p.steps.every((s) => s.state === 'done')).toBe(true);
  });
});
