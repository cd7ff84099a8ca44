import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { appAlias } from './app-alias.ts';

/*
 * The sign-in page in few chunks. Left to automatic splitting, the modules it shares with console pages
 * came as ~40 small chunks, one request each (`npm run size` counts them in Chromium). Before the
 * console's build, a quick probe build bundles src/app/boot/sign-in.tsx alone; the modules that survive
 * its tree-shaking are what the sign-in page needs, no more: walking the module graph instead would cross
 * barrels (@mantine/core, the messages) and take in the whole console. Two groups of vite.config.ts
 * capture them: `sign-in`, what the entry imports statically (the first paint), and `sign-in-later`,
 * what it imports with `import()` (what a submit or "Another host" needs).
 *
 * The console pages that share these modules load these chunks too: their page-only part (the form and
 * its words) is a few KB.
 */
const PROBE_ENV = 'VC_SIGN_IN_PROBE';

/*
 * A tree-shaken copy of zod for the sign-in page. A module is bundled once, with every export any chunk
 * uses: zod's core (schemas.js, api.js…) carries each schema kind the console's full zod uses, about
 * 20 KB gzip, when the sign-in page's few zod/mini schemas need about 9. The files that make up the
 * page's zod/mini (src/app/lib/zod-mini.ts, the API client, main.tsx's `config`) import zod under a
 * `?sign-in` id, so the bundler sees other modules and shakes them on their own. Both copies share what
 * is meant to be shared: zod keeps its config and registry on globalThis, and its `instanceof` checks
 * traits, not classes. The console loads both copies (the copy is ~9 KB of its shell).
 */
const COPY = '?sign-in';
const COPY_IMPORTERS = ['src/app/lib/zod-mini.ts', 'src/app/api/client.ts', 'src/app/main.tsx'].map((f) =>
  resolve(import.meta.dirname, '..', f),
);

export function signInZodCopy(): Plugin {
  return {
    name: 'vc:sign-in-zod-copy',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const tagged = importer.endsWith(COPY);
      if (!tagged && !COPY_IMPORTERS.includes(importer)) return null;
      if (!tagged && !/^zod(\/|$)/.test(source)) return null;
      const base = tagged ? importer.slice(0, -COPY.length) : importer;
      const resolved = await this.resolve(source, base, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !/[\\/]node_modules[\\/]zod[\\/]/.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id + COPY };
    },
    load(id) {
      // Vite's own loader reads the file behind an id; a query it does not know is left to us.
      if (!id.endsWith(COPY)) return null;
      return this.fs.readFile(id.slice(0, -COPY.length), { encoding: 'utf8' });
    },
  };
}

export function signInChunk(probePlugins: () => PluginOption[]): {
  plugin: Plugin;
  has: (id: string) => boolean;
  later: (id: string) => boolean;
} {
  const first = new Set<string>();
  const later = new Set<string>();
  const plugin: Plugin = {
    name: 'vc:sign-in-chunk',
    apply: (_config, env) => env.command === 'build' && !process.env[PROBE_ENV],
    async buildStart() {
      const root = resolve(import.meta.dirname, '..');
      process.env[PROBE_ENV] = '1';
      try {
        const out = await build({
          configFile: false,
          root,
          logLevel: 'silent',
          resolve: { alias: appAlias },
          plugins: probePlugins(),
          build: {
            write: false,
            minify: false,
            copyPublicDir: false,
            // Keep the entry's export (mountSignIn): an app build drops it, and with it all the page's code.
            rolldownOptions: { input: resolve(root, 'src/app/boot/sign-in.tsx'), preserveEntrySignatures: 'strict' },
          },
        });
        first.clear();
        later.clear();
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const result of Array.isArray(out) ? out : [out]) {
          if (!('output' in result)) continue;
          for (const item of result.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
        }
        // The entry and what it imports statically: the first paint. The rest arrives by import().
        const staticChunks = new Set<string>();
        const walk = (name: string) => {
          if (staticChunks.has(name)) return;
          staticChunks.add(name);
          for (const dep of chunks.get(name)?.imports ?? []) walk(dep);
        };
        for (const chunk of chunks.values()) if (chunk.isEntry) walk(chunk.fileName);
        for (const chunk of chunks.values()) {
          for (const [id, m] of Object.entries(chunk.modules)) {
            if (m.renderedLength > 0 && !id.startsWith('\0')) (staticChunks.has(chunk.fileName) ? first : later).add(id);
          }
        }
        for (const id of first) later.delete(id);
      } finally {
        delete process.env[PROBE_ENV];
      }
      if (first.size === 0) this.error('The sign-in probe build found no modules.');
    },
  };
  return { plugin, has: (id) => first.has(id), later: (id) => later.has(id) };
}
