import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHost, renderWithHost, resetHost } from '@/test/host';
import { maskSecret, SigningSecretCard } from './signing-secret-card';

afterEach(resetHost);

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEXT = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

describe('maskSecret', () => {
  it('keeps the prefix and the last four characters only', () => {
    expect(maskSecret(SECRET)).toBe(`whsec_${'•'.repeat(16)}LaSw`);
    expect(maskSecret('short')).toBe('••••••••');
    expect(maskSecret(SECRET)).not.toContain('MfKQ');
  });
});

describe('SigningSecretCard', () => {
  it('is masked until shown, and copies the secret', async () => {
    fakeHost(({ path }) => (path === '/user/webhook-secret' ? { body: { data: { secret: SECRET } } } : undefined));
    renderWithHost(() => <SigningSecretCard />);
    const value = await screen.findByTestId('signing-secret');
    expect(value).toHaveTextContent(maskSecret(SECRET));
    expect(screen.queryByText(SECRET)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(value).toHaveTextContent(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Hide secret' }));
    expect(value).toHaveTextContent(maskSecret(SECRET));
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(screen.getByText(/standardwebhooks/)).toBeInTheDocument();
  });

  it('rotates only after a confirmation, once, and shows the new secret masked', async () => {
    let secret = SECRET;
    const host = fakeHost(({ method, path }) => {
      if (method === 'GET' && path === '/user/webhook-secret') return { body: { data: { secret } } };
      if (method === 'POST' && path === '/user/webhook-secret/rotate') {
        secret = NEXT;
        return { body: { message: 'Signing secret rotated', data: { secret } } };
      }
      return undefined;
    });
    renderWithHost(() => <SigningSecretCard />);
    await screen.findByTestId('signing-secret');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.of('POST', '/user/webhook-secret/rotate')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(screen.getByTestId('signing-secret')).toHaveTextContent(maskSecret(NEXT)));
    expect(host.of('POST', '/user/webhook-secret/rotate')).toHaveLength(1);
    expect(await screen.findByText('Signing secret rotated')).toBeInTheDocument();
  });

  it('says quietly when the host signs nothing, and plainly when loading failed', async () => {
    fakeHost(() => undefined);
    const view = renderWithHost(() => <SigningSecretCard />);
    expect(await screen.findByTestId('secret-not-offered')).toHaveTextContent('Not offered by this service');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();
    view.unmount();

    fakeHost(() => ({ status: 403, body: { message: 'This action is unauthorized.' } }));
    renderWithHost(() => <SigningSecretCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This action is unauthorized.');
  });
});
