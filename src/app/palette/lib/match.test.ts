import { describe, expect, it } from 'vitest';
import { callIdOf, findMatches, fold, looksLikePhone, matchScore } from './match';

describe('palette matching', () => {
  it('ignores case and accents', () => {
    expect(fold('Müller Ärztin')).toBe('muller arztin');
    expect(matchScore(['Praxis Dr. Weber – Terminvergabe'], 'weber termin')).toBeGreaterThan(0);
    expect(matchScore(['Jürgen Müller'], 'mull')).toBeGreaterThan(0);
  });

  it('needs every word somewhere, and ranks whole and leading matches first', () => {
    expect(matchScore(['New tool', 'create, add'], 'new add')).toBeGreaterThan(0);
    expect(matchScore(['New tool'], 'new lead')).toBe(0);
    const found = findMatches(['Sales tools', 'Tools', 'Toolbox helper', 'Reception'], 'tools', (s) => [s]);
    expect(found).toEqual(['Tools', 'Sales tools']);
    expect(findMatches(['b tool', 'Tool a', 'tool b'], 'tool', (s) => [s], 2)).toEqual(['Tool a', 'tool b']);
  });

  it('reads a call id', () => {
    expect(callIdOf('123')).toBe(123);
    expect(callIdOf(' #42 ')).toBe(42);
    expect(callIdOf('0123')).toBeNull();
    expect(callIdOf('12345678901')).toBeNull();
    expect(callIdOf('call 1')).toBeNull();
  });

  it('tells phone-like text', () => {
    expect(looksLikePhone('+49 30 1234567')).toBe(true);
    expect(looksLikePhone('030/123-45')).toBe(true);
    expect(looksLikePhone('tel:+1-415-555-0123')).toBe(true);
    expect(looksLikePhone('12')).toBe(false);
    expect(looksLikePhone('Anna 030')).toBe(false);
  });
});
