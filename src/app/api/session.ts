import { useSyncExternalStore } from 'react';
import { env } from '@/env';

/*
 * The session: an API token and the API host it belongs to. "Remember me" keeps it in localStorage,
 * otherwise in sessionStorage (gone when the tab closes). Storage is the one source of truth and is
 * read on every call (memoised on the raw string), so another tab signing out, or a test replacing the
 * token, takes effect on the next request.
 */

export const SESSION_STORAGE_KEY = 'vc.session';

export interface Session {
  token: string;
  /** null: "This server" (env.apiBaseUrl); otherwise the custom API base URL, e.g. https://host/api. */
  host: string | null;
  remember: boolean;
  startedAt: string;
}

/**
 * What storage holds, checked by hand rather than with a schema library: every first visit reads the
 * session, and the sign-in page loads no schema library before its form is submitted (`npm run size`).
 * Extra fields are dropped, as a zod object would.
 */
function sessionOf(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, host, remember, startedAt } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') return null;
  if (host !== null && (typeof host !== 'string' || host === '')) return null;
  if (typeof remember !== 'boolean' || typeof startedAt !== 'string') return null;
  return { token, host, remember, startedAt };
}

export type SessionEndReason = 'signed-out' | 'expired';
export type SessionEvent = { type: 'started'; session: Session } | { type: 'ended'; reason: SessionEndReason };

const listeners = new Set<(event: SessionEvent) => void>();
let cache: { raw: string | null; session: Session | null } = { raw: null, session: null };

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

function readRaw(): string | null {
  return safeStorage('session')?.getItem(SESSION_STORAGE_KEY) ?? safeStorage('local')?.getItem(SESSION_STORAGE_KEY) ?? null;
}

export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cache.raw) return cache.session;
  let session: Session | null = null;
  if (raw) {
    try {
      session = sessionOf(JSON.parse(raw));
    } catch {
      session = null;
    }
  }
  cache = { raw, session };
  return session;
}

function emit(event: SessionEvent) {
  for (const l of [...listeners]) l(event);
}

export function startSession(input: { token: string; host: string | null; remember: boolean }): Session {
  const session: Session = { ...input, startedAt: new Date().toISOString() };
  const raw = JSON.stringify(session);
  safeStorage('local')?.removeItem(SESSION_STORAGE_KEY);
  safeStorage('session')?.removeItem(SESSION_STORAGE_KEY);
  safeStorage(session.remember ? 'local' : 'session')?.setItem(SESSION_STORAGE_KEY, raw);
  emit({ type: 'started', session });
  return session;
}

export function endSession(reason: SessionEndReason): void {
  const had = getSession() !== null;
  safeStorage('local')?.removeItem(SESSION_STORAGE_KEY);
  safeStorage('session')?.removeItem(SESSION_STORAGE_KEY);
  if (had) emit({ type: 'ended', reason });
}

/**
 * Ends the session because the API refused `token` (401). A request that used an older token than the
 * current one (a session started meanwhile) does not end the new session.
 */
export function expireSession(token: string): void {
  const current = getSession();
  if (current && current.token === token) endSession('expired');
}

export function subscribeSession(listener: (event: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in or out: localStorage changed under us.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== SESSION_STORAGE_KEY && e.key !== null) return;
    const session = getSession();
    emit(session ? { type: 'started', session } : { type: 'ended', reason: 'signed-out' });
  });
}

function subscribeForReact(onChange: () => void) {
  return subscribeSession(onChange);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeForReact, getSession, () => null);
}

/** The API base URL a session (or "This server") talks to, without a trailing slash. */
export function apiBaseUrlOf(host: string | null | undefined): string {
  return (host ?? env.apiBaseUrl).replace(/\/+$/, '');
}

/** How the header and settings name the API in use: "localhost:8080/api", "api.example.com/api". */
export function describeApiHost(host: string | null | undefined): string {
  const base = apiBaseUrlOf(host);
  try {
    const url = new URL(base, window.location.origin);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return base;
  }
}
