import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';

/*
 * The sign-in page in one chunk. Left to automatic splitting, the modules it shares with console pages
 * came as ~40 small chunks, one request each (`npm run size` counts them in Chromium). Before the
 * console's build, a quick probe build bundles src/app/boot/sign-in.tsx alone, its lazy parts inlined;
 * the modules that survive its tree-shaking are what the sign-in page needs, no more: walking the module
 * graph instead would cross barrels (@mantine/core, the messages) and take in the whole console. The
 * `sign-in` group of vite.config.ts captures them.
 *
 * The console pages that share these modules load the sign-in chunk too: its page-only part (the form
 * and its words) is a few KB.
 */
const PROBE_ENV = 'VC_SIGN_IN_PROBE';

export function signInChunk(probePlugins: () => PluginOption[]): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
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
          plugins: probePlugins(),
          build: {
            write: false,
            minify: false,
            copyPublicDir: false,
            // Keep the entry's export (mountSignIn): an app build drops it, and with it all the page's code.
            rolldownOptions: { input: resolve(root, 'src/app/boot/sign-in.tsx'), preserveEntrySignatures: 'strict' },
          },
        });
        modules.clear();
        for (const result of Array.isArray(out) ? out : [out]) {
          if (!('output' in result)) continue;
          for (const item of result.output) {
            if (item.type !== 'chunk') continue;
            for (const [id, m] of Object.entries(item.modules)) if (m.renderedLength > 0 && !id.startsWith('\0')) modules.add(id);
          }
        }
      } finally {
        delete process.env[PROBE_ENV];
      }
      if (modules.size === 0) this.error('The sign-in probe build found no modules.');
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}
