import { describe, expect, it } from 'vitest';
import * as z from '@/lib/zod-mini';
import { readLocalInfo } from './get-local-info';
import { languagesAnswer } from './verify-token';

/*
 * The two answers the sign-in page reads are read without the contract's full zod (it would grow that
 * page: /local/info by hand, the languages answer with zod/mini), so response-schemas.test.ts does not
 * cover them: the same drifts, checked here.
 */

const DRIFTS: readonly ((v: unknown) => { value: unknown } | undefined)[] = [
  () => undefined, // deleted
  () => ({ value: null }),
  (v) => (typeof v === 'number' || typeof v === 'boolean' ? { value: String(v) } : undefined),
  (v) => (typeof v === 'boolean' ? { value: v ? 1 : 0 } : undefined),
  (v) => (typeof v === 'string' ? { value: 42 } : undefined),
  (v) => (typeof v === 'string' ? { value: 'zz-brand-new-value' } : undefined),
  () => ({ value: [] }),
  () => ({ value: {} }),
];

function variants(full: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const key of Object.keys(full)) {
    for (const drift of DRIFTS) {
      const changed = drift(full[key]);
      const copy = { ...full };
      if (changed) copy[key] = changed.value;
      else if (drift.length === 0) delete copy[key];
      else continue;
      out.push(copy);
    }
  }
  // Everything at once.
  out.push({}, Object.fromEntries(Object.keys(full).map((k) => [k, null])));
  return out;
}

describe('GET /local/info as the sign-in page reads it', () => {
  const full = { service: 'voice-console-local', demo_data: true, sign_in_hint: 'The demo token is in the service log.' };

  it('reads the full answer', () => {
    expect(readLocalInfo(full)).toMatchObject(full);
  });

  it.each(variants(full).map((v) => [JSON.stringify(v), v] as const))('reads %s', (_label, v) => {
    const info = readLocalInfo(v);
    expect(typeof info.demo_data).toBe('boolean');
    expect(typeof info.service).toBe('string');
    expect(info.sign_in_hint === null || typeof info.sign_in_hint === 'string').toBe(true);
    // What arrived intact is kept.
    for (const key of ['service', 'demo_data', 'sign_in_hint'] as const) if (typeof v[key] === typeof full[key]) expect(info[key]).toBe(v[key]);
  });

  it.each([null, 'OK', [], 42])('reads %j as no information', (v) => {
    expect(readLocalInfo(v)).toEqual({ service: '', demo_data: false, sign_in_hint: null });
  });
});

describe('the languages answer that checks a token', () => {
  const language = { id: 2, name: 'German', iso_2: 'de' };

  it.each([
    ['a bare list', [language]],
    ['an empty list', []],
    ['{data: [...]}', { data: [language] }],
    ['a paginator', { data: [language], current_page: '1', last_page: null }],
    ['items of any shape', [{ id: '2' }, { name: null }, 7, null]],
  ])('takes %s', (_label, answer) => {
    expect(z.safeParse(languagesAnswer, answer).success).toBe(true);
  });

  it.each([
    ['no list at all', { message: 'Welcome' }],
    ['a string', 'OK'],
  ])('refuses %s: that host is no service API', (_label, answer) => {
    expect(z.safeParse(languagesAnswer, answer).success).toBe(false);
  });
});
