import { describe, expect, it } from 'vitest';
import { isChangingCall } from './call-status';

const NOW = Date.parse('2026-12-07T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('isChangingCall', () => {
  it('refreshes live calls whatever their age', () => {
    for (const status of ['initiated', 'ringing', 'in-progress']) expect(isChangingCall({ status, updated_at: ago(86_400_000) }, NOW)).toBe(true);
  });

  it('refreshes an ended call while its outcome is due, not one that ended long ago', () => {
    expect(isChangingCall({ status: 'ended', updated_at: ago(5_000) }, NOW)).toBe(true);
    expect(isChangingCall({ status: 'ended', updated_at: ago(3 * 60_000) }, NOW)).toBe(false);
  });

  it('leaves final and unknown statuses, and an ended call without a readable time', () => {
    expect(isChangingCall({ status: 'completed', updated_at: ago(1_000) }, NOW)).toBe(false);
    expect(isChangingCall({ status: 'queued_somewhere', updated_at: ago(1_000) }, NOW)).toBe(false);
    expect(isChangingCall({ status: 'ended', updated_at: null }, NOW)).toBe(false);
    expect(isChangingCall({ status: 'ended', updated_at: 'yesterday-ish' }, NOW)).toBe(false);
  });
});
