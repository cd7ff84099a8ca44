import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { laxBool, laxId, laxInt, laxNumber, PG_INT_MAX } from './request-fields';
import { validate } from './validation';

const body = z.object({
  n: laxInt(z.number().int().min(0).max(100)).optional(),
  x: laxNumber(z.number().min(0).max(1)).optional(),
  b: laxBool().optional(),
  id: laxId().optional(),
});

describe('lax request fields (Laravel integer, numeric, boolean rules)', () => {
  it('takes numbers and their strings alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, x) => {
        const a = validate(body, { n, x });
        const b = validate(body, { n: String(n), x: String(x) });
        expect(a).toEqual(b);
        expect(a.ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('takes the boolean forms Laravel takes, and no others', () => {
    for (const [v, want] of [[true, true], [false, false], [1, true], [0, false], ['1', true], ['0', false], ['true', true], ['false', false]] as const) {
      expect(validate(body, { b: v })).toEqual({ ok: true, data: { b: want } });
    }
    for (const v of ['yes', 2, 'TRUE ', null, [], {}]) {
      const r = validate(body, { b: v });
      expect(r.ok).toBe(false);
    }
  });

  it('refuses what is not numeric with the usual sentence', () => {
    const r = validate(body, { n: 'eight', x: '0x1', id: '1.5' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.errors).sort()).toEqual(['id', 'n', 'x']);
      expect(r.errors.x?.[0]).toBe('The x field must be a number.');
    }
  });

  it('bounds ids to what the database holds', () => {
    expect(validate(body, { id: String(PG_INT_MAX) }).ok).toBe(true);
    expect(validate(body, { id: PG_INT_MAX + 1 }).ok).toBe(false);
    expect(validate(body, { id: '2147483648' }).ok).toBe(false);
    expect(validate(body, { id: 0 }).ok).toBe(false);
  });
});
