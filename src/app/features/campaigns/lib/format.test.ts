import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/paraglide/runtime.js';
import { formatDays, formatHour, formatHours, formatMinutes, formatRetries } from './format';

describe('campaign formatting', () => {
  it('hours in either hosted form', () => {
    expect(formatHour('09:00:00')).toBe('09:00');
    expect(formatHour('9:00')).toBe('09:00');
    expect(formatHour('later')).toBe('later');
    expect(formatHours('09:00:00', '17:30')).toBe('09:00–17:30');
  });

  it('days in week order, ranges and unknown days', () => {
    expect(formatDays(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])).toBe('Mon–Fri');
    expect(formatDays(['friday', 'monday', 'wednesday'])).toBe('Mon, Wed, Fri');
    expect(formatDays(['saturday', 'sunday'])).toBe('Sat, Sun');
    expect(formatDays(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])).toBe('Every day');
    expect(formatDays(['Monday', 'holiday'])).toBe('Mon, holiday');
    expect(formatDays([])).toBe('');
  });

  it('retries and intervals', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(4320)).toBe('3 days');
    expect(formatRetries(3, 60)).toBe('3 × every 1 h');
    expect(formatRetries(null, 60)).toBe('');
  });

  describe('in German', () => {
    afterEach(() => void setLocale('en', { reload: false }));
    it('weekdays from Intl, units and retries in German words', () => {
      void setLocale('de', { reload: false });
      expect(formatDays(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])).toMatch(/^Mo\.?–Fr\.?$/);
      expect(formatDays(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])).toBe('Täglich');
      expect(formatMinutes(90)).toBe('1 Std. 30 Min.');
      expect(formatMinutes(1440)).toBe('1 Tag');
      expect(formatRetries(3, 4320)).toBe('3 × alle 3 Tage');
    });
  });
});
