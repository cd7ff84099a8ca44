import { WebSocket } from 'ws';
import type { RealtimeConfig } from '../../config';
import { parseServerEvent, type RealtimeServerEvent } from './protocol';

/*
 * One WebSocket to the realtime endpoint per call: `{REALTIME_BASE_URL}/realtime?model=…` with the key as a
 * Bearer token (OpenAI's way; local servers ignore it). Opened when the server has said session.created;
 * events out are JSON text frames, events in are handed on parsed.
 */

/** How long the endpoint has to open the socket and say session.created. */
export const REALTIME_OPEN_MS = 10_000;

export class RealtimeUnavailableError extends Error {
  override name = 'RealtimeUnavailableError';
}

export interface RealtimeConnection {
  send(event: Record<string, unknown> & { type: string }): void;
  close(): void;
  /** Client events sent, by type (what a call asked of the endpoint). */
  readonly sent: Map<string, number>;
}

export function realtimeUrl(config: Pick<RealtimeConfig, 'baseUrl'>, model: string): string {
  return `${config.baseUrl.replace(/\/+$/, '')}/realtime?model=${encodeURIComponent(model)}`;
}

export function connectRealtime(
  config: RealtimeConfig,
  model: string,
  handlers: { event(event: RealtimeServerEvent): void; closed(code: number, reason: string): void },
): Promise<RealtimeConnection> {
  const ws = new WebSocket(realtimeUrl(config, model), { headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {} });
  const sent = new Map<string, number>();
  const connection: RealtimeConnection = {
    sent,
    send(event) {
      if (ws.readyState !== WebSocket.OPEN) return;
      sent.set(event.type, (sent.get(event.type) ?? 0) + 1);
      ws.send(JSON.stringify(event));
    },
    close() {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
    },
  };
  return new Promise((resolve, reject) => {
    let open = false;
    const timer = setTimeout(() => {
      if (open) return;
      ws.terminate();
      reject(new RealtimeUnavailableError(`the realtime endpoint did not open a session within ${REALTIME_OPEN_MS / 1000} s`));
    }, REALTIME_OPEN_MS);
    ws.on('message', (data) => {
      const event = parseServerEvent(data.toString());
      if (!event) return;
      if (!open) {
        if (event.type === 'error') {
          clearTimeout(timer);
          ws.close();
          reject(new RealtimeUnavailableError(`the realtime endpoint refused the session: ${event.error?.message ?? 'error'}`));
          return;
        }
        if (event.type !== 'session.created') return;
        open = true;
        clearTimeout(timer);
        resolve(connection);
        return;
      }
      handlers.event(event);
    });
    ws.on('error', (e) => {
      if (open) return;
      clearTimeout(timer);
      reject(new RealtimeUnavailableError(`the realtime endpoint cannot be reached: ${e.message}`));
    });
    ws.on('close', (code, reason) => {
      if (!open) {
        clearTimeout(timer);
        reject(new RealtimeUnavailableError(`the realtime endpoint closed the socket (${code})`));
        return;
      }
      handlers.closed(code, reason.toString());
    });
  });
}
