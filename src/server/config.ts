import { resolve } from 'node:path';

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** When set, /api/* is forwarded to this hosted API instead of served here. */
  apiUpstream: string | undefined;
  rateLimitPerMinute: number;
  /** Skips the demo seed on an empty database (tests seed what they need). */
  seedDemo: boolean;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    port: intFromEnv('PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiUpstream: env.API_UPSTREAM || undefined,
    rateLimitPerMinute: intFromEnv('RATE_LIMIT_PER_MINUTE', 100),
    seedDemo: env.SEED_DEMO !== '0',
  };
}
