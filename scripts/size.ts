/*
 * `npm run size` (after `vite build`): the gzip size of every JS chunk in dist/assets, and of the JS the
 * sign-in page loads: the entry with its static imports, plus the sign-in boot chunk (main.tsx imports
 * it when there is no session) with its own. Fails above the budget.
 *
 * Sizes are gzip level 9 and 1 kB = 1000 bytes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const AIM_KB = 120;
/** Source modules whose chunks the sign-in page fetches on top of the entry (main.tsx imports it without a session). */
const SIGN_IN_ROUTE = /^src\/app\/boot\/sign-in\.tsx$/;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = resolve(import.meta.dirname, '..');
const dist = process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `vite build` first (build.manifest is on in vite.config.ts).');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

const gz = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let s = gz.get(file);
  if (!s) {
    const buf = readFileSync(join(dist, file));
    s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    gz.set(file, s);
  }
  return s;
}
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

// Every JS chunk, largest first.
const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const rows = assets.map((f) => ({ file: `assets/${f}`, ...sizeOf(`assets/${f}`) })).sort((a, b) => b.gzip - a.gzip);
const width = Math.max(...rows.map((r) => r.file.length));
console.log('JS chunks (gzip / raw):');
for (const r of rows) console.log(`  ${r.file.padEnd(width)}  ${kb(r.gzip).padStart(9)}  ${kb(r.raw).padStart(9)}`);
console.log(`  ${'all JS'.padEnd(width)}  ${kb(rows.reduce((s, r) => s + r.gzip, 0)).padStart(9)}`);

// What the sign-in page loads.
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) {
  console.error('No entry chunk in the manifest.');
  process.exit(2);
}
const loaded = new Set<string>();
function addWithStaticImports(key: string) {
  const chunk = manifest[key];
  if (!chunk || loaded.has(key)) return;
  loaded.add(key);
  for (const dep of chunk.imports ?? []) addWithStaticImports(dep);
}
addWithStaticImports(entryKey);
const routeChunks = Object.keys(manifest).filter((k) => SIGN_IN_ROUTE.test(k) && k !== entryKey);
for (const k of routeChunks) addWithStaticImports(k);

const files = [...new Set([...loaded].map((k) => manifest[k]!.file))].filter((f) => f.endsWith('.js'));
const total = files.reduce((s, f) => s + sizeOf(f).gzip, 0);
console.log('\nThe sign-in page loads:');
for (const f of files.sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) console.log(`  ${f.padEnd(width)}  ${kb(sizeOf(f).gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(width)}  ${kb(total).padStart(9)}   (budget ${BUDGET_KB} kB, aim ${AIM_KB} kB)`);

if (total > BUDGET_KB * 1000) {
  console.error(`\nOver budget: the sign-in page loads ${kb(total)} of JS (gzip), the budget is ${BUDGET_KB} kB.`);
  process.exit(1);
}
if (total > AIM_KB * 1000) console.log(`Within the budget, above the ${AIM_KB} kB aim.`);
