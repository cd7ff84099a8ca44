import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Upgrades } from './sockets';

/*
 * The voice sockets loaded on the first upgrade (cli/start.ts): ws, the web call's pipeline door and every
 * provider's media stream are ~0.6 MB of JavaScript that most starts never use. A WebSocket client sends
 * nothing past its handshake until it is answered, so the upgrade waits for the load without losing bytes.
 * A drain (SIGTERM) before the first upgrade is kept and handed on, so sockets loaded after it are refused too.
 */
export function lazyUpgrades(load: () => Promise<Upgrades>): Upgrades {
  let loading: Promise<Upgrades> | null = null;
  let loaded: Upgrades | null = null;
  let closed = false;
  let draining = false;
  const get = () => {
    loading ??= load().then((u) => {
      loaded = u;
      if (draining) u.drain();
      return u;
    });
    return loading;
  };
  return {
    handle(request: IncomingMessage, socket: Duplex, head: Buffer) {
      get().then(
        (upgrades) => {
          if (closed) socket.destroy();
          else upgrades.handle(request, socket, head);
        },
        (e: unknown) => {
          console.error('Voice sockets:', e instanceof Error ? e.message : e);
          socket.end('HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        },
      );
    },
    drain() {
      draining = true;
      loaded?.drain();
    },
    open() {
      return loaded?.open() ?? 0;
    },
    close() {
      closed = true;
      void loading?.then((u) => u.close(), () => undefined);
    },
  };
}
