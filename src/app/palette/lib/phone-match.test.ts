import { describe, expect, it } from 'vitest';
import { phoneMatches, readPhoneQuery } from './phone-match';

const lead = '+493012345678';

describe('phone numbers in the palette', () => {
  it('finds a number however it is written', () => {
    for (const typed of ['+49 30 12345678', '0049 30 12345678', '004930 12345678', '030 12345678', '(030) 1234-5678', 'tel:+49-30-12345678']) {
      const q = readPhoneQuery(typed);
      expect(q, typed).not.toBeNull();
      expect(phoneMatches(lead, q!), typed).toBe(true);
    }
  });

  it('finds numbers while they are typed, and not others', () => {
    expect(phoneMatches(lead, readPhoneQuery('+49 30')!)).toBe(true);
    expect(phoneMatches(lead, readPhoneQuery('030 123')!)).toBe(true);
    expect(phoneMatches(lead, readPhoneQuery('089 123')!)).toBe(false);
    expect(phoneMatches('+14155550123', readPhoneQuery('030 123')!)).toBe(false);
    expect(phoneMatches(lead, readPhoneQuery('12345678')!)).toBe(true);
    expect(phoneMatches(lead, readPhoneQuery('999')!)).toBe(false);
    expect(phoneMatches(null, readPhoneQuery('030 123')!)).toBe(false);
  });

  it('gives E.164 for a whole international number', () => {
    expect(readPhoneQuery('0049 30 12345678')?.e164).toBe(lead);
    expect(readPhoneQuery('+49 30 12345678')?.kind).toBe('international');
    expect(readPhoneQuery('030 12345678')?.kind).toBe('national');
    expect(readPhoneQuery('Anna')).toBeNull();
  });
});
