import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { acceptWebCall, WEB_CALL_SOCKET_PATH } from '../voice/web-socket';
import { mediaContext } from '../telephony/media';
import { telephonyProviders } from '../telephony/providers';
import type { VoiceServices } from './services';

/*
 * The service's WebSockets, on the HTTP server's `upgrade` event (ws in noServer mode): the browser's web call
 * and each telephony provider's media stream, by path; any other path is refused. Every socket is pinged; one
 * that misses a pong is terminated, and its call ends as dropped (its transport's close handler).
 */

export interface Upgrades {
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (the service is stopping): their calls end as dropped. */
  close(): void;
  /** The process drains (SIGTERM): new sockets are refused (503), open ones play out. */
  drain(): void;
  /** Open voice sockets. */
  open(): number;
}

export const DRAINING_MESSAGE = 'This service process is shutting down and takes no new calls: connect again to reach another.';

const PING_MS = 15_000;
/** A voice frame is small (20 ms of audio, a JSON message): anything larger is not ours. */
const MAX_PAYLOAD = 256 * 1024;

export function refuseUpgrade(socket: Duplex, status: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function voiceUpgrades(services: VoiceServices): Upgrades {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const routes = new Map<string, (ws: WebSocket, request: IncomingMessage) => void>();
  routes.set(WEB_CALL_SOCKET_PATH, (ws, request) => acceptWebCall(ws, request, services));
  for (const provider of telephonyProviders(services).values()) {
    const context = mediaContext(services, provider);
    routes.set(provider.mediaPath, (ws) => provider.acceptMedia(ws, context));
  }

  const alive = new WeakMap<WebSocket, boolean>();
  let draining = false;
  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, services.socketPingMs ?? PING_MS);
  pinger.unref();

  return {
    handle(request, socket, head) {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const accept = routes.get(path);
      if (!accept) {
        refuseUpgrade(socket, '404 Not Found', `No WebSocket at ${path}.`);
        return;
      }
      if (draining) {
        refuseUpgrade(socket, '503 Service Unavailable', DRAINING_MESSAGE);
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        alive.set(ws, true);
        ws.on('pong', () => alive.set(ws, true));
        accept(ws, request);
      });
    },
    close() {
      clearInterval(pinger);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
    drain() {
      draining = true;
    },
    open: () => wss.clients.size,
  };
}
