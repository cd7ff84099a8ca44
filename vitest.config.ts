import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { appAlias } from './scripts/app-alias.ts';

const server = {
  environment: 'node' as const,
  include: ['src/server/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/*
 * Three projects: the console (jsdom), the service on embedded PGlite, and the same service suite on a
 * PostgreSQL server when TEST_DATABASE_URL is set (`.ci/run` starts one). Without it that project is left
 * out and the run says so.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl && !process.env.VITEST_QUIET_PG) {
  console.warn('TEST_DATABASE_URL is not set: the service suite runs on PGlite only (CI runs it on PostgreSQL too).');
}

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        // The messages (src/app/paraglide) are compiled before: `npm test`'s first step, `npm run i18n`, `npm install`.
        plugins: [react()],
        resolve: { alias: appAlias },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          setupFiles: ['src/app/test/setup.ts'],
          css: false,
          // Form tests type through whole forms in jsdom: ~1 s alone, several times that on a busy 2-core
          // machine running the service suites beside them (the 5 s default failed there).
          // The *.variants tests render whole tables and forms dozens of times: ~20 s alone on a loaded machine.
          testTimeout: 60_000,
        },
      },
      { test: { ...server, name: 'server-pglite', env: { TEST_DATABASE_URL: '' } } },
      ...(pgUrl ? [{ test: { ...server, name: 'server-postgres', env: { TEST_DATABASE_URL: pgUrl } } }] : []),
    ],
  },
});
