/*
 * The console's words. Every text a person reads comes from the catalogs in messages/<area>/{en,de}.json,
 * compiled by Paraglide JS into one typed, tree-shakable function per message (src/app/paraglide, made by
 * `npm run i18n`, the Vite plugin and `npm install`): `m.calls_title()`, `m.calls_count({ count })`.
 */
export { m } from '@/paraglide/messages.js';
export { currentLocale, changeLocale, locales, localeNames, type Locale } from './locale';
