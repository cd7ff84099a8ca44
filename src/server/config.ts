import { resolve } from 'node:path';

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** When set, /api/* is forwarded to this hosted API instead of served here. */
  apiUpstream: string | undefined;
  rateLimitPerMinute: number;
  /** Per client address on the public recordings, whose players ask for a range per seek. */
  recordingRateLimitPerMinute: number;
  /** How many reverse proxies in front append to X-Forwarded-For (0: use the socket's address). */
  trustedProxies: number;
  /** Skips the demo seed on an empty database (tests seed what they need). */
  seedDemo: boolean;
  /** ALLOW_PRIVATE_WEBHOOKS=1: webhooks may go to loopback, private and link-local addresses (tests, local set-up). */
  allowPrivateWebhooks: boolean;
  /** ENGINE_TICK_MS: how often the call engine, the dialler and the deliveries look for work (default 250). */
  engineTickMs: number;
  /** BACKGROUND_WORK=0: this process serves the API only and leaves calls, dialling and deliveries to others. */
  backgroundWork: boolean;
  /** PGLITE_SHARED_BUFFERS (e.g. 64MB): the embedded database's page cache; unset, connect.ts's default. */
  pgliteSharedBuffers: string | undefined;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** TRUST_PROXY: a number of proxy hops; `true`/`yes` mean one, `false`/`no`/unset none. */
function trustProxyFromEnv(raw: string | undefined): number {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no') return 0;
  if (v === 'true' || v === 'yes') return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`TRUST_PROXY must be a number of proxies (or true/false), got "${raw}"`);
  return n;
}

function memorySizeFromEnv(name: string, raw: string | undefined): string | undefined {
  const v = (raw ?? '').trim();
  if (v === '') return undefined;
  if (!/^\d+(kB|MB|GB)$/.test(v)) throw new Error(`${name} must be a size such as 32MB (kB, MB or GB), got "${raw}"`);
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    port: intFromEnv('PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiUpstream: env.API_UPSTREAM || undefined,
    rateLimitPerMinute: intFromEnv('RATE_LIMIT_PER_MINUTE', 100),
    recordingRateLimitPerMinute: intFromEnv('RECORDING_RATE_LIMIT_PER_MINUTE', 600),
    trustedProxies: trustProxyFromEnv(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO !== '0',
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS === '1' || env.ALLOW_PRIVATE_WEBHOOKS === 'true',
    engineTickMs: intFromEnv('ENGINE_TICK_MS', 250) || 250,
    backgroundWork: env.BACKGROUND_WORK !== '0',
    pgliteSharedBuffers: memorySizeFromEnv('PGLITE_SHARED_BUFFERS', env.PGLITE_SHARED_BUFFERS),
  };
}
