import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The console's features (src/app/features/<feature>), read from the tree so a new one is fenced too. */
const features = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dist-server.tmp-*', 'dist-server.lock', 'node_modules', '.data', 'test-results', 'playwright-report', 'src/app/route-tree.gen.ts', 'src/app/paraglide', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The one direction of imports: app -> contract <- server. Neither side reaches into the other,
  // and the contract depends on nothing of ours (nor on React or Node).
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+server(/|$)', message: 'The console never imports the service: share through src/contract.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^((\\.\\./)+app(/|$)|react|react-dom$|@mantine/)', message: 'The service never imports the console: share through src/contract.' },
        // Rooms of the service: a domain folder (assistants/, calls/, …) and the background loops hold the rules
        // and the SQL; routes/ only parse, call a domain and shape the answer; only app.ts composes the routes.
        { regex: '^(\\.\\./)+routes/', message: 'Only src/server/app.ts imports routes: move what you need into its domain folder.' },
      ] }],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ['src/server/routes/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^((\\.\\./)+app(/|$)|react|react-dom$|@mantine/)', message: 'The service never imports the console: share through src/contract.' },
        { regex: '^kysely$', message: 'No SQL in routes: the query belongs in the domain folder (src/server/<domain>/).' },
      ] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^((\\.\\./)+(app|server)(/|$)|react|node:|@mantine/|hono|kysely)', message: 'The contract is pure TypeScript that both sides import.' }] }],
    },
  },
  // The console's rooms. A feature (src/app/features/<feature>) imports the shared rooms (components/, lib/,
  // api/, live/, i18n/) and the contract, never another feature, the palette or the routes; the shared
  // rooms import no feature. Composition happens above the features: routes/, palette/ and the shell.
  // Resolved through the TypeScript resolver, so the @/ and @contract aliases count like relative paths.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.app.json`, alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((feature) => ({
              target: `./src/app/features/${feature}`,
              from: './src/app/features',
              except: [`./${feature}`],
              message: `A feature never imports another: move what both need to components/, lib/ or api/ (${feature}).`,
            })),
            {
              target: './src/app/features',
              from: ['./src/app/palette', './src/app/routes'],
              message: 'Features never import the palette or the routes: those compose the features.',
            },
            {
              target: ['./src/app/components', './src/app/lib', './src/app/api', './src/app/live', './src/app/i18n'],
              from: ['./src/app/features', './src/app/routes'],
              message: 'The shared rooms import no feature and no route.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Every text a person reads comes from the catalogs (src/app/i18n): no English literal in JSX text, in
  // the props that carry words, or in expressions inside JSX. Single lowercase tokens ('sm', 'light',
  // 'created_at') are code, not words; tests render with literals freely.
  {
    files: ['src/app/**/*.tsx'],
    ignores: ['src/app/**/*.test.tsx', 'src/app/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'placeholder', 'title', 'description', 'aria-label', 'alt', 'error', 'children', 'message', 'nothingFoundMessage', 'noRecordsText', 'loadingText', 'emptyText', 'confirmLabel', 'cancelLabel', 'aria-description', 'aria-valuetext', 'hint', 'heading', 'caption', 'text', 'tooltip'],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s]+', '[A-Z_-]+', '[a-z][a-zA-Z0-9_.:/#?=&%-]*', '\\p{Emoji}+'] },
          callees: { exclude: ['i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'includes', 'indexOf', 'endsWith', 'startsWith', 'useMediaQuery', 'rem', 'em', 'px', 'clsx', 'cx'] },
        },
      ],
    },
  },
);
