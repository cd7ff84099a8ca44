// `npm start` / `npm run seed` / `npm run token`: runs a compiled entry of the service (dist-server/<name>.js)
// in this same process, compiling it first when dist-server/ is missing or older than the sources (a fresh
// clone, a pull, an edit). Plain JavaScript, so nothing is transpiled on the way to the service.
// Usage: node scripts/run-server.mjs [start|seed|token] [arguments for the entry]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, outDir, serverBuildIsStale } from './build-server.mjs';

const ENTRIES = new Set(['start', 'seed', 'token']);
const name = ENTRIES.has(process.argv[2] ?? '') ? process.argv[2] : 'start';
// The entries read their own arguments from process.argv[2…], as when run directly.
if (process.argv[2] === name) process.argv.splice(2, 1);

if (serverBuildIsStale()) {
  console.log('Compiling the service (dist-server/)…');
  const ms = await ensureServerBuild();
  console.log(ms === null ? 'Compiled by another process meanwhile.' : `Compiled in ${(ms / 1000).toFixed(1)} s.`);
}
await import(pathToFileURL(join(outDir, `${name}.js`)).href);
