import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_REQUEST_DEPTH, unsafeInputErrors, validate } from './validation';

describe('input no field may carry', () => {
  it('finds NUL and lone surrogates in values and keys at any depth, keyed by the dotted path', () => {
    expect(
      unsafeInputErrors({
        name: 'a\u0000b',
        rows: [{ d: 'x\ud800' }, { d: '\udc00y' }],
        vars: { ['k\u0000']: 1, ok: '\ud83d\ude00' },
      }),
    ).toEqual({
      name: ['The name field must not contain NUL characters.'],
      'rows.0.d': ['The rows.0.d field must not contain unpaired UTF-16 surrogates.'],
      'rows.1.d': ['The rows.1.d field must not contain unpaired UTF-16 surrogates.'],
      'vars.k\ufffd': ['The vars.k\ufffd field name must not contain NUL characters.'],
    });
  });

  it('takes well-formed text, surrogate pairs included', () => {
    expect(unsafeInputErrors({ a: '😀 日本 \u202e', b: ['\ud83d\ude00'], c: 1, d: null })).toEqual({});
  });

  it('refuses nesting past the limit without walking it recursively', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeInputErrors({ w: deep })).toEqual({
      w: [`The w field must not be nested more than ${MAX_REQUEST_DEPTH} levels deep.`],
    });
  });

  it('answers a key named __proto__ like any other', () => {
    const input = JSON.parse('{"__proto__": "\\u0000"}') as unknown;
    const errors = unsafeInputErrors(input);
    expect(Object.keys(errors)).toEqual(['__proto__']);
    expect(JSON.stringify(errors)).toBe('{"__proto__":["The   proto   field must not contain NUL characters."]}');
  });

  it('fails validation whatever the schema says, beside the schema\'s own errors', () => {
    const schema = z.object({ a: z.string(), b: z.number() });
    expect(validate(schema, { a: '\u0000', b: 'x' })).toEqual({
      ok: false,
      errors: { a: ['The a field must not contain NUL characters.'], b: ['The b field must be a number.'] },
    });
    // Even where the schema does not look (an unknown key it strips).
    expect(validate(schema, { a: 'ok', b: 1, extra: '\ud800' }).ok).toBe(false);
    expect(validate(schema, { a: 'ok', b: 1 })).toEqual({ ok: true, data: { a: 'ok', b: 1 } });
  });
});
