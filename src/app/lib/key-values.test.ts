import { describe, expect, it } from 'vitest';
import { keyValues, prettyJson } from './key-values';

describe('keyValues', () => {
  it('reads an object, nested values as JSON', () => {
    expect(keyValues({ a: 'x', b: 2, c: false, d: { e: 1 }, f: null })).toEqual([
      { key: 'a', value: 'x', structured: false },
      { key: 'b', value: '2', structured: false },
      { key: 'c', value: 'false', structured: false },
      { key: 'd', value: '{"e":1}', structured: true },
      { key: 'f', value: '—', structured: false },
    ]);
  });

  it('reads a list of {name, value} entries, and other lists by position', () => {
    expect(keyValues([{ name: 'interested', value: true }, { key: 'score', value: 7 }, 'loose'])).toEqual([
      { key: 'interested', value: 'true', structured: false },
      { key: 'score', value: '7', structured: false },
      { key: '3', value: 'loose', structured: false },
    ]);
  });

  it('gives nothing for empty forms', () => {
    expect(keyValues([])).toEqual([]);
    expect(keyValues({})).toEqual([]);
    expect(keyValues(null)).toEqual([]);
    expect(keyValues('')).toEqual([]);
  });
});

describe('prettyJson', () => {
  it('indents objects and unpacks JSON held in a string', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('plain text')).toBe('plain text');
  });
});
