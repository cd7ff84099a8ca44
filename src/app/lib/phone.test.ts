import { describe, expect, it } from 'vitest';
import {
  browserCountry,
  countryOptions,
  e164Of,
  formatAsYouType,
  formatInternational,
  formatNational,
  normalizeOnBlur,
  phoneProblem,
  phoneValueFromE164,
  toE164,
} from './phone';

describe('toE164 with a default country', () => {
  it.each([
    ['030 12345678', 'DE', '+493012345678'],
    ['(030) 1234-5678', 'DE', '+493012345678'],
    ['0151 23456789', 'DE', '+4915123456789'],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['201.555.0123', 'US', '+12015550123'],
    ['07400 123456', 'GB', '+447400123456'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
  ] as const)('%s in %s is %s', (input, country, expected) => {
    expect(toE164(input, country)).toBe(expected);
  });

  it('an international number ignores the default country', () => {
    expect(toE164('+44 7400 123456', 'US')).toBe('+447400123456');
    expect(toE164('0044 7400 123456', 'DE')).toBe('+447400123456');
  });

  it('refuses what is not a valid number', () => {
    expect(toE164('', 'DE')).toBeNull();
    expect(toE164('12', 'DE')).toBeNull();
    expect(toE164('not a number', 'US')).toBeNull();
    expect(toE164('555-0199', 'US')).toBeNull(); // no area code
    expect(toE164('+1 000 000 0000', 'US')).toBeNull();
  });
});

describe('formatting stored numbers', () => {
  it('national and international formats', () => {
    expect(formatNational('+493012345678')).toBe('030 12345678');
    expect(formatNational('+12015550123')).toBe('(201) 555-0123');
    expect(formatInternational('+12015550123')).toBe('+1 201 555 0123');
  });

  it('an unreadable stored value is shown as it is', () => {
    expect(formatNational('garbage')).toBe('garbage');
  });

  it('opens a stored number in its own country', () => {
    expect(phoneValueFromE164('+447400123456', 'US')).toEqual({ country: 'GB', text: '07400 123456' });
    expect(phoneValueFromE164(null, 'DE')).toEqual({ country: 'DE', text: '' });
    expect(e164Of(phoneValueFromE164('+447400123456', 'US'))).toBe('+447400123456');
  });
});

describe('formatAsYouType', () => {
  it('shows the national format while typing', () => {
    let text = '';
    for (const ch of '2015550123') text = formatAsYouType(text + ch, text, 'US').text;
    expect(text).toBe('(201) 555-0123');
    expect(e164Of({ country: 'US', text })).toBe('+12015550123');
  });

  it('deleting a formatting character deletes the digit before it', () => {
    // "(201) 5" with the space removed: the digits are the same, so a digit goes instead
    const next = formatAsYouType('(201)5', '(201) 5', 'US');
    expect(next.text.replace(/\D/g, '')).toBe('201');
  });

  it('a leading + switches to the number\'s own country', () => {
    const r = formatAsYouType('+4930123456', '', 'US');
    expect(r.country).toBe('DE');
    expect(r.text).toBe('+49 30 123456');
    expect(normalizeOnBlur({ country: r.country, text: r.text })).toEqual({ country: 'DE', text: '030 123456' });
  });

  it('drops letters', () => {
    expect(formatAsYouType('0x30', '0', 'DE').text).toBe('030');
  });
});

describe('helpers', () => {
  it('says why a number is refused', () => {
    expect(phoneProblem({ country: 'DE', text: '' })).toMatch(/required/);
    expect(phoneProblem({ country: 'DE', text: '123' })).toMatch(/not a valid number for Germany \(\+49\)/);
    expect(phoneProblem({ country: 'DE', text: '030 12345678' })).toBeNull();
  });

  it('the browser language gives the default country', () => {
    expect(browserCountry(['de-DE'])).toBe('DE');
    expect(browserCountry(['en-GB', 'en'])).toBe('GB');
    expect(browserCountry(['fr'])).toBe('FR');
    expect(browserCountry(['xx-invalid-tag-!!'])).toBe('US');
    expect(browserCountry([])).toBe('US');
  });

  it('lists countries by name with calling codes', () => {
    const options = countryOptions();
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((o) => o.value === 'DE')?.label).toBe('Germany +49');
  });
});
