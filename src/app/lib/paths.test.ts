import { describe, expect, it } from 'vitest';
import { safeRedirect } from './paths';

describe('safeRedirect', () => {
  it('keeps a path of this console with its search', () => {
    expect(safeRedirect('/numbers?phones=inbound')).toBe('/numbers?phones=inbound');
  });
  it('falls back to the overview for anything else', () => {
    for (const bad of [undefined, '', 'https://evil.example', '//evil.example/x', '/\\evil', '/sign-in', '/sign-in?redirect=/x', 'numbers']) {
      expect(safeRedirect(bad)).toBe('/overview');
    }
  });
});
