import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

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
