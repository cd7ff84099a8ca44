import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createApi } from './http/app';
import { proxyTo } from './http/proxy';
import { apiHeaders, consoleHeaders, docsHeaders, isApiPath, isDocsPath, noServerBanner } from './http/security-headers';
import type { RateLimitStore } from './http/rate-limit';
import { pgPoolOf, type Db } from './db/connect';

export interface ServeOptions {
  db: Db | null;
  port: number;
  host?: string;
  rateLimitPerMinute: number;
  /** Per client address on the public recordings; 600 unless given (ServiceConfig). */
  recordingRateLimitPerMinute?: number;
  /** TRUST_PROXY: reverse proxies whose X-Forwarded-For is believed; none unless given. */
  trustedProxies?: number;
  apiUpstream?: string | undefined;
  /** Folder of the built console; omitted, only the API is served. */
  staticDir?: string | undefined;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The app being served: tests enumerate its routes (`app.routes`) to cover every one. */
  app: Hono;
  close(): Promise<void>;
}

export function buildRootApp(options: ServeOptions): Hono {
  const root = new Hono();
  root.use(noServerBanner);
  // The reference page is this service's own (in proxy mode /api/docs is the upstream's, under the API's policy).
  const docsHere = !options.apiUpstream;
  root.use((c, next) => (docsHere && isDocsPath(c.req.path) ? docsHeaders : isApiPath(c.req.path) ? apiHeaders : consoleHeaders)(c, next));
  if (options.apiUpstream) {
    root.all('/api/*', proxyTo(options.apiUpstream));
  } else {
    if (!options.db) throw new Error('A database is needed unless API_UPSTREAM is set.');
    root.route(
      '/api',
      createApi({
        db: options.db,
        now: options.now ?? (() => new Date()),
        rateLimit: { limit: options.rateLimitPerMinute, windowMs: 60_000 },
        recordingRateLimit: { limit: options.recordingRateLimitPerMinute ?? 600, windowMs: 60_000 },
        rateLimitStore: rateLimitStoreFor(options.db),
        trustedProxies: options.trustedProxies ?? 0,
        ...(options.log ? { log: options.log } : {}),
      }),
    );
  }
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

/** Counters in PostgreSQL when the service runs on one (other processes may share it), else in memory. */
function rateLimitStoreFor(db: Db): RateLimitStore {
  const pool = pgPoolOf(db);
  return pool ? { kind: 'postgres', pool } : { kind: 'memory' };
}

export function startServer(options: ServeOptions): Promise<RunningServer> {
  const app = buildRootApp(options);
  return new Promise((resolvePromise, reject) => {
    let server: ServerType | undefined;
    try {
      server = serve({ fetch: app.fetch, port: options.port, hostname: options.host ?? '127.0.0.1' }, (info: AddressInfo) => {
        const host = options.host && options.host !== '0.0.0.0' ? options.host : 'localhost';
        resolvePromise({
          url: `http://${host}:${info.port}`,
          port: info.port,
          app,
          close: () =>
            new Promise<void>((done) => {
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
