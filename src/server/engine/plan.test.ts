import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePlan, OUTBOUND_WEIGHTS, readPlan, stepsOf, testNumberOutcome, type Outcome, type PlanInput } from './plan';

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  callId: 1,
  type: 'outbound',
  customerNumber: '+14155552671',
  maxDuration: 600,
  endCallOnVoicemail: false,
  inputVariables: {},
  engineSeed: 'test',
  ...over,
});

describe('test numbers', () => {
  it('decide the outcome from the last seven digits of any +1 number', () => {
    expect(testNumberOutcome('+12025550100')).toBe('completed');
    expect(testNumberOutcome('+13125550101')).toBe('busy');
    expect(testNumberOutcome('+14155550102')).toBe('no-answer');
    expect(testNumberOutcome('+12025550103')).toBe('voicemail');
    expect(testNumberOutcome('+12025550104')).toBe('failed');
    expect(testNumberOutcome('+12025550105')).toBe('ended_by_customer');
    expect(testNumberOutcome('+12025550106')).toBe('ended_by_assistant');
    for (const other of ['+12025550107', '+442025550100', '+4912025550100', '+1202555010', '+120255501000']) {
      expect(testNumberOutcome(other)).toBeNull();
    }
  });

  it('play on a fixed schedule whatever the seed', () => {
    const at = (number: string, over: Partial<PlanInput> = {}) =>
      stepsOf(makePlan(input({ customerNumber: number, callId: 77, engineSeed: String(Math.random()), ...over }))).map((s) => `${s.status}@${s.at_s}`);
    expect(at('+12025550100')).toEqual(['ringing@1', 'in-progress@3', 'ended@9', 'completed@11']);
    expect(at('+12025550101')).toEqual(['ringing@1', 'busy@3']);
    expect(at('+12025550102')).toEqual(['ringing@1', 'no-answer@8']);
    expect(at('+12025550103')).toEqual(['ringing@1', 'in-progress@3', 'ended@6', 'completed@8']);
    expect(at('+12025550103', { endCallOnVoicemail: true })).toEqual(['ringing@1', 'in-progress@3', 'ended@6', 'ended_by_assistant@8']);
    expect(at('+12025550104')).toEqual(['failed@1']);
    expect(at('+12025550105')).toEqual(['ringing@1', 'in-progress@3', 'ended@9', 'ended_by_customer@11']);
    expect(at('+12025550106')).toEqual(['ringing@1', 'in-progress@3', 'ended@9', 'ended_by_assistant@11']);
    // An inbound call from a test number: rings 1 s, answered at 2 s.
    expect(at('+12025550105', { type: 'inbound' })).toEqual(['ringing@1', 'in-progress@2', 'ended@8', 'ended_by_customer@10']);
  });
});

describe('other numbers', () => {
  it('follow the weights over many calls', () => {
    const counts: Record<string, number> = {};
    const n = 5000;
    for (let id = 1; id <= n; id++) {
      const o = makePlan(input({ callId: id })).outcome;
      counts[o] = (counts[o] ?? 0) + 1;
    }
    const total = Object.values(OUTBOUND_WEIGHTS).reduce((a, b) => a + b, 0);
    for (const [outcome, w] of Object.entries(OUTBOUND_WEIGHTS)) {
      const p = w / total;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs((counts[outcome] ?? 0) - n * p), outcome).toBeLessThan(4 * sd);
    }
  });

  it('give the same plan for the same seed and call, and another mix for another seed', () => {
    const outcomes = (seed: string) => Array.from({ length: 100 }, (_, i) => makePlan(input({ callId: i + 1, engineSeed: seed })).outcome);
    expect(outcomes('a')).toEqual(outcomes('a'));
    expect(outcomes('a')).not.toEqual(outcomes('b'));
    expect(makePlan(input({ callId: 5, engineSeed: 'a' }))).toEqual(makePlan(input({ callId: 5, engineSeed: 'a' })));
  });

  it('inbound calls end only in conversations', () => {
    const seen = new Set<Outcome>();
    for (let id = 1; id <= 500; id++) seen.add(makePlan(input({ callId: id, type: 'inbound' })).outcome);
    expect([...seen].sort()).toEqual(['completed', 'ended_by_assistant', 'ended_by_customer']);
    // Test numbers that cannot happen to a caller who is already on the line fall back to the weights.
    expect(['completed', 'ended_by_assistant', 'ended_by_customer']).toContain(makePlan(input({ type: 'inbound', customerNumber: '+12025550101' })).outcome);
  });

  it('never talk past max_duration, and keep their steps in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 20, max: 1200 }),
        fc.boolean(),
        fc.constantFrom<'outbound' | 'inbound'>('outbound', 'inbound'),
        fc.constantFrom('+14155552671', '+12025550100', '+12025550103', '+4930123456'),
        (callId, maxDuration, endCallOnVoicemail, type, customerNumber) => {
          const plan = makePlan(input({ callId, maxDuration, endCallOnVoicemail, type, customerNumber }));
          expect(plan.talk_s).toBeLessThanOrEqual(maxDuration);
          const steps = stepsOf(plan);
          for (let i = 1; i < steps.length; i++) expect(steps[i]!.at_s).toBeGreaterThanOrEqual(steps[i - 1]!.at_s);
          expect(steps.at(-1)?.kind).toBe('final');
          if (plan.answered_by === null) expect(plan.talk_s).toBe(0);
          // The plan survives its trip through the database's JSON.
          expect(readPlan(JSON.parse(JSON.stringify(plan)))).toEqual(plan);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('ringing_time', () => {
  it('an outbound call ringing longer than it is no-answer after it; one answered sooner plays as before', () => {
    // The completed test number rings 2 s: a ringing_time of 1 s gives up first, 2 s does not.
    const cut = makePlan(input({ customerNumber: '+12025550100', ringingTimeS: 1 }));
    expect(cut).toMatchObject({ outcome: 'no-answer', final_status: 'no-answer', answered_by: null, ring_s: 1, talk_s: 0 });
    expect(stepsOf(cut).at(-1)!.status).toBe('no-answer');
    expect(makePlan(input({ customerNumber: '+12025550100', ringingTimeS: 2 }))).toEqual(makePlan(input({ customerNumber: '+12025550100' })));
    // A line nobody answers is given up at ringing_time instead of the carrier's 8 s (test number) or 30 s.
    const noAnswer = makePlan(input({ customerNumber: '+14155550102', ringingTimeS: 5 }));
    expect(noAnswer).toMatchObject({ outcome: 'no-answer', ring_s: 5 });
    expect(makePlan(input({ customerNumber: '+14155550102' })).ring_s).toBeGreaterThan(5);
  });

  it('applies to outbound calls only, and whatever the seed ringing never outlasts it', () => {
    expect(makePlan(input({ type: 'inbound', customerNumber: '+12025550100', ringingTimeS: 1 })).outcome).toBe('completed');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 300 }), (callId, ringingTimeS) => {
        const plan = makePlan(input({ callId, ringingTimeS }));
        expect(plan.ring_s).toBeLessThanOrEqual(ringingTimeS);
      }),
    );
  });
});
