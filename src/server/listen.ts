import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Upgrades } from './live-calls/sockets';
import { apiHeaders, consoleHeaders, docsHeaders, isApiPath, isDocsPath, noServerBanner } from './http/security-headers';

export { isApiPath };

/*
 * The service's HTTP side without its API: the root app's headers and the console's files, and the Node
 * server. Kept apart from serve.ts (which brings the whole API with it) so that `npm start` listens and
 * serves the console while the database opens and the API's modules load (cli/start.ts).
 */

export type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

export interface Listening {
  url: string;
  port: number;
  /** Where WebSocket upgrades go (live-calls/sockets.ts), once the API is ready; until then they are refused (503). */
  setUpgrades(upgrades: Upgrades | null): void;
  close(): Promise<void>;
}

/** The root app: headers for each kind of path, `mountApi` for /api, then the console's files. */
export function rootApp(options: { staticDir?: string | undefined; docsHere: boolean }, mountApi: (root: Hono) => void): Hono {
  const root = new Hono();
  root.use(noServerBanner);
  root.use((c, next) => (options.docsHere && isDocsPath(c.req.path) ? docsHeaders : isApiPath(c.req.path) ? apiHeaders : consoleHeaders)(c, next));
  mountApi(root);
  if (options.staticDir) {
    const dir = resolve(options.staticDir);
    const indexHtml = join(dir, 'index.html');
    root.use('/*', serveStatic({ root: dir }));
    // Client-side routes (/calls/12) get the app; its router takes it from there.
    root.get('*', (c) => {
      if (!existsSync(indexHtml)) return c.text('The console is not built. Run `npm run build`.', 404);
      return c.html(readFileSync(indexHtml, 'utf8'));
    });
  }
  return root;
}

export function listen(fetch: Fetch, port: number, host: string | undefined): Promise<Listening> {
  return new Promise((resolvePromise, reject) => {
    let server: ServerType | undefined;
    let upgrades: Upgrades | null = null;
    try {
      server = serve({ fetch, port, hostname: host ?? '127.0.0.1' }, (info: AddressInfo) => {
        const shown = host && host !== '0.0.0.0' ? host : 'localhost';
        resolvePromise({
          url: `http://${shown}:${info.port}`,
          port: info.port,
          setUpgrades: (u) => {
            upgrades = u;
          },
          close: () =>
            new Promise<void>((done) => {
              upgrades?.close();
              server?.close(() => done());
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      });
      // Longer than the clients' idle keep-alive (undici keeps a socket 4 s; load balancers 60 s): a server
      // that closes an idle socket first races the client's next request on it, which then fails ECONNRESET.
      const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
      http.keepAliveTimeout = 65_000;
      http.headersTimeout = 66_000;
      server.on('error', reject);
      server.on('clientError', answerClientError);
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (upgrades) upgrades.handle(request, socket, head);
        else socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      });
    } catch (e) {
      reject(e as Error);
    }
  });
}

/**
 * What Node's HTTP parser refuses before the app sees it (a request line or headers past its 16 KB limit,
 * bytes that are not HTTP) gets a JSON `{message}` like every other error, instead of Node's bodiless 4xx.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // As Node's own handler: nothing is written on a socket that is gone or whose answer has begun.
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ['431 Request Header Fields Too Large', 'The request line and headers are too large (16 KB at most).']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['408 Request Timeout', 'The request took too long to arrive.']
        : ['400 Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
