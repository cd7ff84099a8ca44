import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignInForm } from './sign-in-form';
import { parseSignIn } from '../api/sign-in-values';
import { getSession, SESSION_STORAGE_KEY } from '@/api/session';
import { jsonResponse, renderWithProviders } from '@/test/render';

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function stubFetch(route: Route) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => route(String(input), init));
  vi.stubGlobal('fetch', fn);
  return fn;
}

const localInfo = (url: string) =>
  url.endsWith('/local/info')
    ? jsonResponse({ service: 'local', demo_data: true, sign_in_hint: 'The demo token was printed by `npm start`.' })
    : null;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

function renderForm() {
  const onSignedIn = vi.fn();
  renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
  return { onSignedIn, user: userEvent.setup() };
}

const tokenField = () => screen.getByLabelText(/API token/);

describe('parseSignIn', () => {
  it('trims the token and drops a pasted "Bearer "', () => {
    expect(parseSignIn({ token: '  Bearer vc_abc  ', hostMode: 'same', host: '', remember: true })).toEqual({ ok: true, token: 'vc_abc', host: null, remember: true });
  });
  it('takes a custom host without its trailing slash', () => {
    expect(parseSignIn({ token: 'x', hostMode: 'custom', host: ' https://api.example.com/api/ ', remember: false })).toMatchObject({ ok: true, host: 'https://api.example.com/api' });
  });
});

describe('the sign-in form', () => {
  it('masks the token and shows it on demand', async () => {
    stubFetch((url) => localInfo(url) ?? jsonResponse([]));
    const { user } = renderForm();
    expect(tokenField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /toggle password visibility/i }));
    expect(tokenField()).toHaveAttribute('type', 'text');
  });

  it('asks for a token before calling anything', async () => {
    const fetchMock = stubFetch((url) => localInfo(url) ?? jsonResponse([]));
    const { user, onSignedIn } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your API token.')).toBeInTheDocument();
    expect(tokenField()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/user/'))).toHaveLength(0);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('checks that a custom host is an http(s) URL', async () => {
    stubFetch((url) => localInfo(url) ?? jsonResponse([]));
    const { user } = renderForm();
    await user.type(tokenField(), 'vc_abc');
    await user.selectOptions(screen.getByLabelText('API host'), 'custom');
    await user.type(await screen.findByLabelText('API host URL'), 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/must be an http\(s\) URL/)).toBeInTheDocument();
  });

  it('a wrong token: a clear message on the token field, no session', async () => {
    stubFetch((url) => localInfo(url) ?? jsonResponse({ message: 'Unauthenticated.' }, { status: 401 }));
    const { user, onSignedIn } = renderForm();
    await user.type(tokenField(), 'vc_wrong_token_value');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const message = await screen.findByText(/This API token was not accepted by this server/);
    expect(message).toBeInTheDocument();
    expect(tokenField()).toHaveAttribute('aria-invalid', 'true');
    expect(document.body.textContent).not.toContain('vc_wrong_token_value');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('a login page instead of JSON is a wrong token too', async () => {
    stubFetch(
      (url) =>
        localInfo(url) ??
        new Response('<html><head><title>Login</title></head><body><input type="password"></body></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const { user } = renderForm();
    await user.type(tokenField(), 'vc_x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/not accepted.*sign-in page/)).toBeInTheDocument();
  });

  it('an unreachable custom host: the message is on the host field and names proxy mode', async () => {
    stubFetch((url) => localInfo(url) ?? Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderForm();
    await user.type(tokenField(), 'vc_abc');
    await user.selectOptions(screen.getByLabelText('API host'), 'custom');
    await user.type(await screen.findByLabelText('API host URL'), 'https://api.unreachable.example/api');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const message = await screen.findByText(/Could not reach https:\/\/api\.unreachable\.example\/api/);
    expect(message.textContent).toMatch(/API_UPSTREAM=https:\/\/api\.unreachable\.example\/api npm start/);
    expect(screen.getByLabelText('API host URL')).toHaveAttribute('aria-invalid', 'true');
    expect(tokenField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a good token starts the session (remembered) and reports it; the hint never shows a token', async () => {
    const fetchMock = stubFetch((url) => localInfo(url) ?? jsonResponse([{ id: 1, name: 'English', iso_2: 'en' }]));
    const { user, onSignedIn } = renderForm();
    expect(await screen.findByTestId('sign-in-hint')).toHaveTextContent('The demo token was printed by npm start.');
    await user.type(tokenField(), 'vc_good');
    await user.click(screen.getByLabelText(/Remember me/));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/user/'))!;
    expect(String(url)).toBe('/api/user/assistants/languages');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer vc_good');
    expect(getSession()).toMatchObject({ token: 'vc_good', host: null, remember: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('vc_good');
  });
});
