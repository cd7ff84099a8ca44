import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isPrebuiltAnswer, prebuiltHeaders } from './answer-headers';

/*
 * The headers a security review asks for, from Hono's secure-headers middleware. Hono's defaults stay
 * (nosniff, Referrer-Policy: no-referrer, no X-Powered-By, COOP, HSTS, …) with the policies below.
 * README "API notes › General" states why each CSP source is there.
 */

const common = {
  xFrameOptions: 'DENY',
  // Nothing here uses them; an injected frame or script should not get to ask either.
  permissionsPolicy: { camera: false, microphone: false, geolocation: false, payment: false, usb: false },
};

/** The console: its own scripts only; styles inline too (Mantine), and any API host the user signs in to. */
export const consoleHeaders = secureHeaders({
  ...common,
  // The web call (features/web-call) asks for the microphone, on the console's own pages only.
  permissionsPolicy: { ...common.permissionsPolicy, microphone: ['self'] },
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine writes its theme's CSS variables into <style> elements at run time, and components set
    // style attributes; neither can carry a nonce from a static index.html. Inline style is not script.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    // The sign-in page lets the user pick any API host (src/app/features/auth), and a policy sent with
    // index.html cannot know which: any http(s) origin, and its WebSocket for a web call (ws:, wss:), but no
    // other scheme (no data:).
    connectSrc: ["'self'", 'https:', 'http:', 'wss:', 'ws:'],
    // Recordings come from the API host the user chose, which may be another origin.
    mediaSrc: ["'self'", 'https:', 'http:'],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * The API: JSON and audio, nothing to run or embed. The same on every answer, so read once from
 * secureHeaders and offered to each answer as one record (http/answer-headers.ts).
 */
export const apiHeaders = prebuiltHeaders(secureHeaders({
  ...common,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    // A recording opened in a tab of its own plays in a media document governed by this policy.
    mediaSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  // Consoles on other origins call the API (CORS) and play its recordings in <audio> (no-cors).
  crossOriginResourcePolicy: 'cross-origin',
}));

/**
 * The API reference (/api/docs, src/server/openapi/docs-page.ts): the renderer's script and its
 * configuration from this origin only (no inline script, no eval), and "Test Request" calls the API on
 * this origin, nothing else. Styles inline too, as for the console: the renderer (Vue) writes style
 * attributes and <style> elements (its theme, its toasts) that cannot carry a nonce, and a nonce beside
 * 'unsafe-inline' would switch 'unsafe-inline' off. Inline style is not script.
 */
export const docsHeaders = secureHeaders({
  ...common,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
});

/** Hono has no option for `Server`; a proxied upstream may send one (`nginx/1.2`, `cloudflare`). */
export const noServerBanner: MiddlewareHandler = async (c, next) => {
  await next();
  // Built here with its headers: none of them to remove, and its plain record stays plain.
  if (isPrebuiltAnswer(c)) return;
  c.res.headers.delete('Server');
  c.res.headers.delete('X-Powered-By');
};

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
export const isDocsPath = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');
