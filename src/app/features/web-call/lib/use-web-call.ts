import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { startWebCall } from '../api/start-web-call';
import { callReducer, initialCallView, type CallView } from './call-state';
import type { WebCallSession } from './web-call-session';
import type { KeypadKey } from '@contract/voice';

/** How often the meter redraws (the capture reports every 20 ms). */
const METER_INTERVAL_MS = 100;

/**
 * A web call while the panel is mounted: started on mount, ended on unmount (closing the panel ends the
 * call). The audio code (worklets, socket) loads with the first call. Another call is another mount (the
 * panel's key).
 */
export function useWebCall(assistantId: number, noiseSuppression?: boolean): { view: CallView; level: number; end: () => void; pressKey: (digit: KeypadKey) => void } {
  const [view, dispatch] = useReducer(callReducer, initialCallView);
  const [level, setLevel] = useState(0);
  const session = useRef<WebCallSession | null>(null);
  const latestLevel = useRef(0);

  useEffect(() => {
    let disposed = false;
    let current: WebCallSession | null = null;
    void import('./web-call-session').then(
      ({ WebCallSession }) => {
        if (disposed) return;
        current = new WebCallSession({
          assistantId,
          dispatch,
          onLevel: (l) => {
            latestLevel.current = l;
          },
          startCall: startWebCall,
          ...(noiseSuppression === undefined ? {} : { noiseSuppression }),
        });
        session.current = current;
        void current.start();
      },
      (e: unknown) => {
        if (!disposed) dispatch({ type: 'failed', problem: { kind: 'audio-failed', message: e instanceof Error ? e.message : String(e) } });
      },
    );
    const meter = setInterval(() => setLevel((prev) => (prev === latestLevel.current ? prev : latestLevel.current)), METER_INTERVAL_MS);
    return () => {
      disposed = true;
      clearInterval(meter);
      current?.dispose();
      if (session.current === current) session.current = null;
      latestLevel.current = 0;
    };
  }, [assistantId, noiseSuppression]);

  const end = useCallback(() => session.current?.end(), []);
  const pressKey = useCallback((digit: KeypadKey) => session.current?.pressKey(digit), []);
  return { view, level, end, pressKey };
}
