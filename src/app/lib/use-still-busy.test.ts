import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStillBusy } from './use-still-busy';

describe('useStillBusy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true only after the wait, and false again when the busy spell ends', () => {
    const { result, rerender } = renderHook(({ busy }) => useStillBusy(busy, 4000), { initialProps: { busy: false } });
    expect(result.current).toBe(false);
    rerender({ busy: true });
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ busy: false });
    expect(result.current).toBe(false);
    // A new save starts from "not yet slow".
    rerender({ busy: true });
    expect(result.current).toBe(false);
  });
});
