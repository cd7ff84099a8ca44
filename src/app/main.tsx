import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/overrides.css';
import { getSession } from './api/session';
import { paths, safeRedirect } from './lib/paths';
import { applyDocumentLocale } from './i18n/locale';

// zod's jitless mode (no `new Function`, which the console's Content-Security-Policy forbids) is set where
// zod first loads: lib/zod-mini.ts (the sign-in form) and i18n/zod-errors.ts (the console). Not here: this
// entry runs on every first visit, and the sign-in page loads no zod before its form is submitted.

applyDocumentLocale();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/*
 * Two ways in. Without a session only the sign-in screen is needed, and it loads without the router and
 * the pages' route tree (about a fifth of the JavaScript); with one, the console. A page asked for
 * without a session becomes /sign-in?redirect=<that page>, as the router's own guard words it.
 */
const { pathname, search, hash } = window.location;
const session = getSession();
if (pathname === paths.signIn && session) {
  window.history.replaceState(null, '', safeRedirect(new URLSearchParams(search).get('redirect')));
}
if (session) {
  void import('./boot/console').then((m) => m.mountConsole(rootElement));
} else {
  if (pathname !== paths.signIn) {
    const back = `${pathname}${search}${hash}`;
    const query = pathname === paths.home ? '' : `?${new URLSearchParams({ redirect: back }).toString()}`;
    window.history.replaceState(null, '', `${paths.signIn}${query}`);
  }
  void import('./boot/sign-in').then((m) => m.mountSignIn(rootElement));
}
