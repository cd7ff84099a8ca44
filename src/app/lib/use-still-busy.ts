import { useEffect, useState } from 'react';

/**
 * True once `busy` has lasted `afterMs`: a save that usually takes a moment and is taking longer gets
 * a word, so the person waits instead of reloading (and losing what they typed) or pressing again.
 */
export function useStillBusy(busy: boolean, afterMs = 4000): boolean {
  const [still, setStill] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const t = setTimeout(() => setStill(true), afterMs);
    // The busy spell is over: the next one starts from "not yet slow".
    return () => {
      clearTimeout(t);
      setStill(false);
    };
  }, [busy, afterMs]);
  return busy && still;
}
