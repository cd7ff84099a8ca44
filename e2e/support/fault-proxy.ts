import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fault-injecting HTTP proxy between the console and the real local service. Every path (the built
 * console and /api alike) is forwarded, so the browser talks to one origin and no CORS is involved;
 * a test opens the console at `proxy.url` and switches faults on and off per request pattern.
 *
 * Faults, as a person at the console would meet them:
 * - `down`: the socket is destroyed before any answer (the browser sees a reset connection, as it would
 *   for a refused one: fetch rejects). Not forwarded.
 * - `error500`: 500 `{"message":"Server Error"}`, as the service's framework answers a crash (the change
 *   rolled back). Not forwarded.
 * - `slow`: forwarded at once (the change happens), its answer held back `slowMs` (10 s), or until the
 *   test has seen what it waits for and calls `releaseSlow` (no test waits out a delay it does not need).
 * - `malformed`: forwarded (the change happens), answered 200 with the real body cut in half.
 *
 * Every request is logged with its fault and whether the service got it, so a test can prove that a
 * save reached the service once.
 */

export type Fault = 'down' | 'error500' | 'slow' | 'malformed';

export interface FaultMatch {
  /** Upper-case HTTP method; any when left out. */
  method?: string;
  /** Tested against the path without the query string. */
  path: RegExp;
}

export interface SeenRequest {
  method: string;
  path: string;
  fault: Fault | null;
  /** The local service got this request (whatever the browser was then told). */
  forwarded: boolean;
}

interface Rule extends FaultMatch {
  fault: Fault;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export class FaultProxy {
  readonly seen: SeenRequest[] = [];
  private rules: Rule[] = [];
  /** Answers of `slow` requests held back, each sent by calling it (once). */
  private held = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    private readonly upstream: URL,
    readonly url: string,
    private readonly slowMs: number,
  ) {}

  /** Starts on a free port of 127.0.0.1 in front of `upstream` (e.g. http://127.0.0.1:8080). */
  static async start(upstream: string, options: { slowMs?: number } = {}): Promise<FaultProxy> {
    let proxy: FaultProxy | null = null;
    const server = createServer((req, res) => {
      if (proxy) proxy.handle(req, res);
      else res.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    proxy = new FaultProxy(server, new URL(upstream), `http://127.0.0.1:${port}`, options.slowMs ?? 10_000);
    return proxy;
  }

  /** Requests matching `match` meet `fault` until `clear` (the last rule set for a request wins). */
  fail(match: FaultMatch, fault: Fault): void {
    this.rules.push({ ...match, fault });
  }

  clear(): void {
    this.rules = [];
  }

  /** Requests seen (and how many reached the service) that match. */
  count(match: FaultMatch): { seen: number; forwarded: number } {
    const hits = this.seen.filter((r) => matches(match, r.method, r.path));
    return { seen: hits.length, forwarded: hits.filter((r) => r.forwarded).length };
  }

  /** Sends every held `slow` answer now. */
  releaseSlow(): void {
    for (const send of [...this.held]) send();
  }

  resetLog(): void {
    this.seen.length = 0;
  }

  async close(): Promise<void> {
    this.releaseSlow();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private faultFor(method: string, path: string): Fault | null {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const rule = this.rules[i]!;
      if (matches(rule, method, path)) return rule.fault;
    }
    return null;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const fault = this.faultFor(method, path);
    const entry: SeenRequest = { method, path, fault, forwarded: false };
    this.seen.push(entry);

    if (fault === 'down') {
      req.socket.destroy();
      return;
    }
    if (fault === 'error500') {
      // Read the body first, as a server does, so the browser is not cut off mid-upload.
      req.resume();
      req.on('end', () => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Server Error' }));
      });
      return;
    }

    entry.forwarded = true;
    // An answer to be cut in half is asked for uncompressed, so the half is text and not gzip bytes.
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k) && !(fault === 'malformed' && k === 'accept-encoding')),
    );
    const upstreamReq = httpRequest(
      { protocol: this.upstream.protocol, hostname: this.upstream.hostname, port: this.upstream.port, method, path: req.url, headers },
      (upstreamRes) => this.answer(fault, upstreamRes, res),
    );
    upstreamReq.on('error', (e) => {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: `fault proxy: the local service could not be reached (${e.message})` }));
      }
    });
    req.pipe(upstreamReq);
  }

  private answer(fault: Fault | null, upstreamRes: IncomingMessage, res: ServerResponse): void {
    const headers = Object.fromEntries(Object.entries(upstreamRes.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
    if (fault === null) {
      res.writeHead(upstreamRes.statusCode ?? 502, headers);
      upstreamRes.pipe(res);
      return;
    }
    const chunks: Buffer[] = [];
    upstreamRes.on('data', (c: Buffer) => chunks.push(c));
    upstreamRes.on('end', () => {
      const body = Buffer.concat(chunks);
      if (fault === 'slow') {
        const send = () => {
          clearTimeout(timer);
          this.held.delete(send);
          if (res.destroyed) return; // the browser gave up meanwhile
          res.writeHead(upstreamRes.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
          res.end(body);
        };
        const timer = setTimeout(send, this.slowMs);
        this.held.add(send);
        return;
      }
      // malformed: a 200 whose JSON stops half-way, as a cut connection or a broken gateway leaves it.
      const text = body.toString('utf8');
      const cut = text.length > 2 ? text.slice(0, Math.ceil(text.length / 2)) : '{"message":';
      const rest = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-length' && k !== 'content-encoding'));
      res.writeHead(200, { ...rest, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(cut)) });
      res.end(cut);
    });
  }
}

function matches(match: FaultMatch, method: string, path: string): boolean {
  return (match.method === undefined || match.method.toUpperCase() === method) && match.path.test(path);
}
