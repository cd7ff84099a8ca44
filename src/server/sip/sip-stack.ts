import { createRequire } from 'node:module';

/*
 * The SIP library: `sip` (kirm/sip.js, MIT). Chosen over the others on npm because it is a whole RFC 3261 stack
 * for Node (parser, UDP transport, client and server transactions with their retransmission timers, digest):
 * - sip.js (onsip) 0.21's core has transactions too, but it is built for WebSocket in a browser: over UDP we would
 *   write its transport and check its timers ourselves;
 * - drachtio-srf needs drachtio-server, a C++ daemon Debian does not package.
 * It is small and stable (no release since 2019, nothing to chase), and it only ever talks to Kamailio, which
 * faces the carriers. The types below are the part of its API the endpoint uses (it ships none).
 * It is CommonJS and loaded on the first SIP start only (sip/endpoint.ts is itself imported lazily).
 */

export interface SipUri {
  schema?: string;
  user?: string;
  password?: string;
  host: string;
  port?: number;
  params: Record<string, string | null | undefined>;
  headers?: Record<string, string>;
}

export interface SipNameAddr {
  name?: string;
  uri: string;
  params: Record<string, string | null | undefined>;
}

export interface SipVia {
  version?: string;
  protocol?: string;
  host?: string;
  port?: number;
  params: Record<string, string | number | null | undefined>;
}

export interface SipHeaders {
  via?: SipVia[];
  from?: SipNameAddr;
  to?: SipNameAddr;
  'call-id'?: string;
  cseq?: { seq: number; method: string };
  contact?: SipNameAddr[];
  route?: SipNameAddr[];
  'record-route'?: SipNameAddr[];
  'content-type'?: string;
  'max-forwards'?: number | string;
  [name: string]: unknown;
}

export interface SipMessage {
  method?: string;
  uri?: string;
  status?: number;
  reason?: string;
  version?: string;
  headers: SipHeaders;
  content?: string;
}

export interface SipRemote {
  protocol: string;
  address: string;
  port: number;
}

export interface SipStack {
  send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
  destroy(): void;
}

export interface SipOptions {
  port: number;
  address: string;
  publicAddress: string;
  udp: boolean;
  tcp: boolean;
  logger?: { error?: (e: unknown) => void };
}

interface SipModule {
  create(options: SipOptions, onRequest: (request: SipMessage, remote: SipRemote) => void): SipStack;
  makeResponse(request: SipMessage, status: number, reason?: string): SipMessage;
  parseUri(uri: string): SipUri | undefined;
  stringifyUri(uri: SipUri): string;
  generateBranch(): string;
}

let loaded: SipModule | null = null;

export function sipModule(): SipModule {
  loaded ??= createRequire(import.meta.url)('sip') as SipModule;
  return loaded;
}
