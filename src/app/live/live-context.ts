import { createContext, useContext } from 'react';
import type { StreamState } from './event-stream';

/** 'live': the event stream is open and refreshes what changes; 'polling': pages refetch on a timer. */
export type LiveMode = 'live' | 'polling';

export interface LiveStatus {
  mode: LiveMode;
  stream: StreamState;
}

/** Without a provider (a page rendered on its own, a test) there is no stream: poll. */
export const LiveContext = createContext<LiveStatus>({ mode: 'polling', stream: 'stopped' });

/** How often a page showing live data refetches while the stream is not open. */
export const POLL_INTERVAL_MS = 5_000;

export function useLiveStatus(): LiveStatus {
  return useContext(LiveContext);
}

export function useLiveMode(): LiveMode {
  return useContext(LiveContext).mode;
}

/** `refetchInterval` for a query of live data: nothing while the stream is open, a 5 s poll otherwise. */
export function useLiveRefetchInterval(): number | false {
  return useLiveMode() === 'polling' ? POLL_INTERVAL_MS : false;
}
