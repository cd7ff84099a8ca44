import { describe, expect, it } from 'vitest';
import { browserCountry, normalisePhoneFilter } from './phone-filter';

describe('normalisePhoneFilter', () => {
  it.each([
    ['+49 30 1234567', undefined, '+49301234567'],
    ['+1 (415) 555-0123', undefined, '+14155550123'],
    ['0049 30 12345678', undefined, '+493012345678'],
    ['00 49 (30) 123-45678', undefined, '+493012345678'],
    ['tel:+1-415-555-0123', undefined, '+14155550123'],
    ['(415) 555-0123', 'US', '+14155550123'],
    ['415.555.0123', 'US', '+14155550123'],
    ['030 12345678', 'DE', '+493012345678'],
    ['  +442079460958  ', 'DE', '+442079460958'],
  ] as const)('reads %s (country %s) as %s', (input, country, e164) => {
    expect(normalisePhoneFilter(input, country)).toEqual({ state: 'valid', e164 });
  });

  it('is empty for blank input', () => {
    expect(normalisePhoneFilter('')).toEqual({ state: 'empty' });
    expect(normalisePhoneFilter('   ')).toEqual({ state: 'empty' });
  });

  it.each([['12'], ['abc'], ['+49 30'], ['call me'], ['030 12345678']])('cannot read %s without a country', (input) => {
    expect(normalisePhoneFilter(input)).toEqual({ state: 'invalid' });
  });
});

describe('browserCountry', () => {
  it('takes the region of the first usable language', () => {
    expect(browserCountry(['de-DE', 'en-US'])).toBe('DE');
    expect(browserCountry(['en-GB'])).toBe('GB');
    expect(browserCountry(['de'])).toBe('DE');
    expect(browserCountry(['not a tag!', 'fr-FR'])).toBe('FR');
    expect(browserCountry([])).toBeUndefined();
  });
});
