/*
 * `npx tsx scripts/i18n-compare.ts`: what each i18n library would add to the sign-in page, measured by
 * bundling the same messages both ways (rolldown, minified, gzip level 9, 1 kB = 1000 bytes).
 *
 * - Paraglide JS (what we use): its runtime plus the message functions the sign-in page's modules call
 *   (each function carries both languages; the rest tree-shakes away).
 * - Lingui 5 (6 needs Node 22): @lingui/core and @lingui/react plus the compiled catalog of one language,
 *   (a) split per area so the sign-in page loads only the areas it uses, and (b) as one catalog per
 *   language, the usual set-up. The catalogs are ours, turned into ICU MessageFormat and compiled with
 *   @lingui/message-utils as `lingui compile` does.
 *
 * The sign-in page's message keys: every `m.<key>` in the modules that src/app/boot/sign-in.tsx imports,
 * statically, transitively.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const root = resolve(import.meta.dirname, '..');
const tmp = join(root, '.tmp', 'i18n-compare');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

type Variant = { declarations?: string[]; selectors?: string[]; match: Record<string, string> };
type Message = string | Variant[];
const areas = readdirSync(join(root, 'messages'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const catalogs: Record<'en' | 'de', Record<string, Record<string, Message>>> = { en: {}, de: {} };
for (const locale of ['en', 'de'] as const) {
  for (const area of areas) {
    const json = JSON.parse(readFileSync(join(root, 'messages', area, `${locale}.json`), 'utf8')) as Record<string, Message>;
    delete json.$schema;
    catalogs[locale][area] = json;
  }
}

/** Paraglide's escaped braces as ICU's quoted ones. */
const icuText = (text: string) => text.replace(/\\\{/g, "'{'").replace(/\\\}/g, "'}'");

/**
 * A Paraglide variant message as ICU MessageFormat: each selector a `plural` (when declared `: plural`)
 * or `select`, nested in the order of the selectors; `*` is ICU's `other`.
 */
function toIcu(message: Message): string {
  if (typeof message === 'string') return icuText(message);
  const v = message[0];
  if (!v) return '';
  const selectors = v.selectors ?? [];
  const info = selectors.map((sel) => {
    const local = (v.declarations ?? []).find((d) => d.startsWith(`local ${sel} =`));
    return { sel, plural: Boolean(local?.includes(': plural')), input: local ? (/=\s*(\w+)/.exec(local)?.[1] ?? sel) : sel };
  });
  const entries = Object.entries(v.match).map(([cond, text]) => {
    const values = Object.fromEntries(cond.split(/,\s*/).map((c) => c.split('=') as [string, string]));
    return { values, text };
  });
  const build = (list: typeof entries, depth: number): string => {
    const here = info[depth];
    if (!here) return icuText(list[0]?.text ?? '').replace(/\{(\w+)\}/g, (all, name: string) => (info.some((i) => i.plural && i.input === name) ? '#' : all));
    const groups = new Map<string, typeof entries>();
    for (const e of list) {
      const raw = e.values[here.sel] ?? '*';
      const value = raw === '*' ? 'other' : here.plural && /^\d+$/.test(raw) ? `=${raw}` : raw;
      groups.set(value, [...(groups.get(value) ?? []), e]);
    }
    if (!groups.has('other')) groups.set('other', list);
    const branches = [...groups].map(([value, group]) => `${value} {${build(group, depth + 1)}}`).join(' ');
    return `{${here.input}, ${here.plural ? 'plural' : 'select'}, ${branches}}`;
  };
  return build(entries, 0);
}

// The sign-in page's modules and the message keys they use.
const seen = new Set<string>();
const keys = new Set<string>();
function walk(file: string) {
  if (seen.has(file)) return;
  seen.add(file);
  const src = readFileSync(file, 'utf8');
  for (const k of src.matchAll(/\bm\.(\w+)/g)) keys.add(k[1] ?? '');
  for (const imp of src.matchAll(/^\s*import\s[^'"]*?from\s+'(\.[^']+)'/gm)) {
    const base = resolve(dirname(file), imp[1] ?? '');
    const hit = ['.tsx', '.ts', '/index.ts', '/index.tsx', ''].map((e) => base + e).find((p) => existsSync(p) && !p.endsWith('/'));
    if (hit && /\.(ts|tsx)$/.test(hit) && !hit.includes('/paraglide/')) walk(hit);
  }
}
walk(join(root, 'src/app/boot/sign-in.tsx'));
const allKeys = new Map<string, string>(); // key -> area
for (const area of areas) for (const k of Object.keys(catalogs.en[area] ?? {})) allKeys.set(k, area);
const used = [...keys].filter((k) => allKeys.has(k)).sort();
const usedAreas = [...new Set(used.map((k) => allKeys.get(k)!))].sort();

function compiledCatalog(locale: 'en' | 'de', onlyAreas: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const area of onlyAreas) for (const [k, msg] of Object.entries(catalogs[locale][area] ?? {})) out[k] = compileMessage(toIcu(msg));
  return out;
}

async function bundle(name: string, code: string): Promise<{ raw: number; gzip: number }> {
  const entry = join(tmp, `${name}.mjs`);
  writeFileSync(entry, code);
  const b = await rolldown({ input: entry, cwd: root, logLevel: 'silent', transform: { define: { 'process.env.NODE_ENV': '"production"' } } });
  const { output } = await b.generate({ format: 'es', minify: true, codeSplitting: false });
  await b.close();
  const text = output.map((o) => ('code' in o ? o.code : '')).join('\n');
  const buf = Buffer.from(text);
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

const calls = (fn: (k: string) => string) => used.map((k) => `out.push(${fn(k)});`).join('\n');

const paraglide = await bundle(
  'paraglide',
  `import { m } from '${join(root, 'src/app/paraglide/messages.js')}';
import { getLocale, setLocale } from '${join(root, 'src/app/paraglide/runtime.js')}';
const out = [getLocale(), setLocale];
${calls((k) => `m.${k}({})`)}
console.log(out);`,
);

async function lingui(name: string, onlyAreas: string[]) {
  writeFileSync(join(tmp, `${name}.de.json`), JSON.stringify(compiledCatalog('de', onlyAreas)));
  return bundle(
    name,
    `import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import messages from './${name}.de.json';
i18n.load('de', messages);
i18n.activate('de');
const out = [I18nProvider];
${calls((k) => `i18n._(${JSON.stringify(k)}, {})`)}
console.log(out);`,
  );
}
const linguiSplit = await lingui('lingui-split', usedAreas);
const linguiWhole = await lingui('lingui-whole', areas);

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
console.log(`The sign-in page calls ${used.length} messages from ${usedAreas.join(', ')} (${allKeys.size} messages in all).`);
console.log('What each library adds to the sign-in page (gzip / raw):');
console.log(`  Paraglide JS 2 (runtime + the used message functions, both languages)   ${kb(paraglide.gzip).padStart(8)}  ${kb(paraglide.raw).padStart(8)}`);
console.log(`  Lingui 5, catalogs split per area (core + react + ${usedAreas.length} areas, one language) ${kb(linguiSplit.gzip).padStart(8)}  ${kb(linguiSplit.raw).padStart(8)}`);
console.log(`  Lingui 5, one catalog per language (core + react + all messages)      ${kb(linguiWhole.gzip).padStart(8)}  ${kb(linguiWhole.raw).padStart(8)}`);
rmSync(tmp, { recursive: true, force: true });
