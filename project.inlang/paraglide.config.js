// Shared by the CLI (`npm run i18n`) and the Vite plugin (vite.config.ts, vitest.config.ts).
export default {
  outdir: './src/app/paraglide',
  // A choice made on the sign-in page or in Settings sticks (localStorage); a first visit follows the browser.
  strategy: ['localStorage', 'preferredLanguage', 'baseLocale'],
  localStorageKey: 'vc-locale',
  emitTsDeclarations: true,
  emitReadme: false,
};
