/*
 * zod's generic messages come from the catalogs (in the reader's language); a message a schema states
 * itself stays the schema's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { setLocale } from '@/paraglide/runtime.js';
import { installZodErrors } from './zod-errors';

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

describe('zod messages', () => {
  beforeAll(() => installZodErrors());
  afterAll(() => void setLocale('en', { reload: false }));

  it('speak English', () => {
    void setLocale('en', { reload: false });
    expect(first(z.object({ name: z.string() }), {})).toBe('This field is required.');
    expect(first(z.string().min(1), '')).toBe('This field is required.');
    expect(first(z.string().min(3), 'ab')).toBe('Use at least 3 characters.');
    expect(first(z.string().max(1), 'ab')).toBe('Use at most 1 character.');
    expect(first(z.number().max(1200), 5000)).toBe('Must be at most 1,200.');
    expect(first(z.email(), 'nope')).toBe('Enter a valid email address.');
    expect(first(z.url(), 'nope')).toBe('Enter a valid URL.');
    expect(first(z.enum(['a', 'b']), 'c')).toBe('Choose one of the options.');
    expect(first(z.array(z.string()).min(2), ['x'])).toBe('Add at least 2 entries.');
  });

  it('speak German', () => {
    void setLocale('de', { reload: false });
    expect(first(z.object({ name: z.string() }), {})).toBe('Dieses Feld ist erforderlich.');
    expect(first(z.string().max(255), 'x'.repeat(300))).toBe('Höchstens 255 Zeichen.');
    expect(first(z.number().max(1200), 5000)).toBe('Darf höchstens 1.200 sein.');
    expect(first(z.email(), 'nope')).toBe('Bitte eine gültige E-Mail-Adresse eingeben.');
    expect(first(z.array(z.string()).min(1), [])).toBe('Mindestens 1 Eintrag.');
  });

  it("leave a schema's own message alone", () => {
    void setLocale('de', { reload: false });
    expect(first(z.string().min(1, 'Enter a name.'), '')).toBe('Enter a name.');
    expect(first(z.string().refine(() => false, { message: 'Own words.' }), 'x')).toBe('Own words.');
  });
});
