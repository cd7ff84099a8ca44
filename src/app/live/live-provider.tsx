import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiBaseUrlOf, expireSession, useSession } from '@/api/session';
import { buildUrl } from '@/api/client';
import { openEventStream, type EventStream, type StreamState } from './event-stream';
import { CATCH_UP_KEYS, createInvalidationBatcher, keysForEvent } from './invalidation';
import { LiveContext, type LiveStatus } from './live-context';

/** Hosts (token + API base) found to have no event stream: not asked again in this tab. */
const unsupportedHosts = new Set<string>();

export interface LiveProviderProps {
  children: ReactNode;
  /** For tests: another way to open the stream. */
  open?: typeof openEventStream;
}

/**
 * One event stream per signed-in tab (mounted in the _app layout). Each event invalidates the cached
 * queries it changes; while the stream is not open the pages that show live data poll instead.
 */
export function LiveProvider({ children, open = openEventStream }: LiveProviderProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const token = session?.token ?? null;
  const base = apiBaseUrlOf(session?.host);
  const hostKey = `${base} ${token ?? ''}`;
  const [state, setState] = useState<{ key: string; state: StreamState }>({ key: '', state: 'connecting' });

  useEffect(() => {
    if (!token || unsupportedHosts.has(hostKey)) return;
    const batcher = createInvalidationBatcher(queryClient);
    let closed = false;
    let openedBefore = false;
    let stream: EventStream | null = null;
    stream = open({
      url: buildUrl(base, '/user/events'),
      token,
      onEvent: (event) => batcher.add(keysForEvent(event)),
      onUnauthorized: expireSession,
      onState: (next) => {
        if (closed) return;
        if (next === 'unsupported') unsupportedHosts.add(hostKey);
        // Reopened after a drop: events may have been missed meanwhile.
        if (next === 'live') {
          if (openedBefore) batcher.add(CATCH_UP_KEYS);
          openedBefore = true;
        }
        setState({ key: hostKey, state: next });
      },
    });
    return () => {
      closed = true;
      stream?.close();
      batcher.dispose();
    };
  }, [token, base, hostKey, queryClient, open]);

  const streamState: StreamState = unsupportedHosts.has(hostKey) ? 'unsupported' : state.key === hostKey ? state.state : 'connecting';
  const value: LiveStatus = { mode: streamState === 'live' ? 'live' : 'polling', stream: streamState };
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** For tests: forget which hosts had no stream. */
export function resetUnsupportedHosts() {
  unsupportedHosts.clear();
}
