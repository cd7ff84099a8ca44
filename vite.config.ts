import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { signInChunk, signInZodCopy } from './scripts/vite-sign-in-chunk.ts';
import { appAlias } from './scripts/app-alias.ts';

// `npm run dev` runs the service on API_PORT (default 8081) and Vite here, proxying /api to it.
const apiPort = process.env.API_PORT ?? '8081';

// The modules the sign-in page needs (a probe build finds them), for the `sign-in` group below.
const signIn = signInChunk(() => [signInZodCopy(), react()]);

export default defineConfig({
  resolve: { alias: appAlias },
  plugins: [
    // The catalogs (messages/<area>/{en,de}.json) compiled to src/app/paraglide; options in project.inlang/paraglide.config.js.
    paraglideVitePlugin({ project: './project.inlang', outdir: './src/app/paraglide' }),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders travel with their components: left in the route tree (the default) they would pull every
      // page's queries, schemas and their UI imports into the entry, which the sign-in page loads.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
      },
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/route-tree.gen.ts',
    }),
    react(),
    signInZodCopy(),
    signIn.plugin,
  ],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the console supports preloads modules itself: the polyfill would be sign-in page weight.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: `npm run size` reads which chunks the sign-in page loads.
    manifest: true,
    rolldownOptions: {
      // The shared schemas only declare (zod schemas, helpers): a page that imports one of them through the
      // `@contract` barrel gets that one, not every other resource's schemas (~12 KB gzip a page).
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]contract[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // The sign-in page's own modules and the library code they use: one request (React aside).
            { name: 'sign-in', test: (id) => signIn.has(id), priority: 5 },
            // What it loads on demand (a submit, "Another host"): one more request, after the first paint.
            { name: 'sign-in-later', test: (id) => signIn.later(id), priority: 4 },
            // What every page needs, the sign-in screen included. (use-sync-external-store is the router's
            // store's, so it travels with the router below: the sign-in screen has no use for it.)
            {
              name: 'framework',
              priority: 10,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            // The console's data layer: not on the sign-in screen either.
            { name: 'query', priority: 10, test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // Libraries most console pages need: the shell fetches them in idle time (components/shell-prefetch.ts).
            { name: 'phone', priority: 10, test: /node_modules[\\/]libphonenumber-js[\\/]/ },
            { name: 'forms', priority: 10, test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/ },
            // Controls many console pages show and the sign-in page does not (components/console-controls.ts).
            // Below the sign-in groups: the Mantine internals they share stay in the sign-in chunk.
            {
              name: 'controls',
              priority: 3,
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Checkbox|SegmentedControl|FloatingIndicator)[\\/]/,
            },
            // The console's router: not on the sign-in screen (boot/sign-in.tsx).
            {
              name: 'router',
              test: /node_modules[\\/](@tanstack[\\/](router-core|react-router|history|store|react-store)|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
