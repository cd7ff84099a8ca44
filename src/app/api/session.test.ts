import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, describeApiHost, endSession, expireSession, getSession, startSession, subscribeSession } from './session';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the session', () => {
  it('remember me keeps it in localStorage, otherwise in sessionStorage', () => {
    startSession({ token: 'vc_a', host: null, remember: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('vc_a');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    startSession({ token: 'vc_b', host: 'https://api.example.com/api', remember: false });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getSession()).toMatchObject({ token: 'vc_b', host: 'https://api.example.com/api', remember: false });
  });

  it('reads storage on every call, so a replaced token is used at once', () => {
    startSession({ token: 'vc_a', host: null, remember: true });
    const raw = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!) as Record<string, unknown>;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...raw, token: 'vc_other' }));
    expect(getSession()?.token).toBe('vc_other');
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getSession()).toBeNull();
  });

  it('a 401 for an older token does not end a newer session', () => {
    const events = vi.fn();
    const stop = subscribeSession(events);
    startSession({ token: 'vc_new', host: null, remember: false });
    expireSession('vc_old');
    expect(getSession()?.token).toBe('vc_new');
    expireSession('vc_new');
    expect(getSession()).toBeNull();
    expect(events).toHaveBeenLastCalledWith({ type: 'ended', reason: 'expired' });
    stop();
  });

  it('sign out clears both storages', () => {
    startSession({ token: 'vc_a', host: null, remember: true });
    endSession('signed-out');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it.each([
    ['not JSON', '{token'],
    ['no token', JSON.stringify({ token: '', host: null, remember: true, startedAt: '2026-01-01T00:00:00Z' })],
    ['an empty host', JSON.stringify({ token: 'vc_a', host: '', remember: true, startedAt: '2026-01-01T00:00:00Z' })],
    ['remember as a string', JSON.stringify({ token: 'vc_a', host: null, remember: 'yes', startedAt: '2026-01-01T00:00:00Z' })],
    ['no start time', JSON.stringify({ token: 'vc_a', host: null, remember: true })],
    ['a list', '[]'],
  ])('a stored session with %s is no session', (_label, raw) => {
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(getSession()).toBeNull();
  });

  it('keeps what a session holds, nothing more', () => {
    const stored = { token: 'vc_a', host: 'https://api.example.com/api', remember: true, startedAt: '2026-01-01T00:00:00Z' };
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored, extra: 1 }));
    expect(getSession()).toEqual(stored);
  });

  it('names the host in use', () => {
    expect(describeApiHost(null)).toBe(`${window.location.host}/api`);
    expect(describeApiHost('https://api.example.com/api/')).toBe('api.example.com/api');
  });
});
