import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installZodErrors } from '@/i18n/zod-errors';
import { deferred, fakeHost, renderWithHost, resetHost, type Answer, type FakeRequest } from '@/test/host';
import { ImportNumberButton } from './import-number-button';
import { OwnedNumbersCard } from './owned-numbers-card';

/*
 * "Import from Twilio": the contract's checks before sending, the service's field errors on the fields,
 * what was typed kept after a refusal, one request however often Enter is pressed, and the imported number
 * in the list with its Twilio badge. Only against the local service.
 */

beforeAll(installZodErrors);
afterEach(resetHost);

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const IMPORTED = { id: 9, phone_number: '+14155550123', country_code: 'US', type: 'normal', type_label: 'Normal', nickname: null, assistant: null, provider: 'twilio' };

function host(importAnswer: (req: FakeRequest) => Answer | Promise<Answer>, { local = true } = {}) {
  let numbers: unknown[] = [];
  return fakeHost(async (req) => {
    if (req.path === '/local/info') return local ? { body: { service: 'voice-console' } } : undefined;
    if (req.method === 'POST' && req.path === '/user/phone-numbers/import') {
      const answer = await importAnswer(req);
      if (!(answer instanceof Response) && (answer.status ?? 200) < 300) numbers = [IMPORTED];
      return answer;
    }
    if (req.method === 'GET' && req.path === '/user/phone-numbers/all') return { body: { data: numbers } };
    if (req.method === 'GET' && req.path === '/user/assistants/phone-numbers') return { body: [] };
    return undefined;
  });
}

function renderPage() {
  return renderWithHost(() => (
    <>
      <ImportNumberButton />
      <OwnedNumbersCard filter="all" onFilterChange={() => undefined} />
    </>
  ));
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import from Twilio' }));
  return screen.findByRole('form', { name: 'Import a number from Twilio' });
}

function fill(form: HTMLElement, { phone = '+1 415 555 0123', sid = SID, token = 'secret-token' } = {}) {
  const number = within(form).getByRole('textbox', { name: /Phone number/ });
  fireEvent.change(number, { target: { value: phone } });
  fireEvent.blur(number);
  fireEvent.change(within(form).getByRole('textbox', { name: /Account SID/ }), { target: { value: sid } });
  fireEvent.change(within(form).getByLabelText(/Auth token/), { target: { value: token } });
}

describe('Import from Twilio', () => {
  it('is not offered by a host without our extensions', async () => {
    const hosted = host(() => ({ body: {} }), { local: false });
    renderPage();
    await waitFor(() => expect(hosted.of('GET', '/local/info')).toHaveLength(1));
    await screen.findByTestId('phone-numbers');
    expect(screen.queryByRole('button', { name: 'Import from Twilio' })).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const local = host(() => ({ body: {} }));
    renderPage();
    const form = await openForm();
    fill(form, { phone: '', sid: 'AC123', token: ' ' });
    fireEvent.click(within(form).getByRole('button', { name: 'Import number' }));
    expect(await within(form).findByText('The account SID is AC followed by 32 hexadecimal digits.')).toBeInTheDocument();
    expect(within(form).getByText("Enter the account's auth token.")).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Phone number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(local.of('POST', '/user/phone-numbers/import')).toHaveLength(0);
  });

  it('puts the service’s field errors on the fields and keeps what was typed', async () => {
    const local = host(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { phone_number: ['This account has no such number.'], auth_token: ['Twilio refused these credentials.'] } },
    }));
    renderPage();
    const form = await openForm();
    fill(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Import number' }));
    expect(await within(form).findByText('This account has no such number.')).toBeInTheDocument();
    expect(within(form).getByText('Twilio refused these credentials.')).toBeInTheDocument();
    expect(local.of('POST', '/user/phone-numbers/import').map((r) => r.body)).toEqual([
      { provider: 'twilio', phone_number: '+14155550123', account_sid: SID, auth_token: 'secret-token' },
    ]);
    // Everything typed is still there, the form still open.
    expect(within(form).getByRole('textbox', { name: /Phone number/ })).toHaveValue('(415) 555-0123');
    expect(within(form).getByRole('textbox', { name: /Account SID/ })).toHaveValue(SID);
    expect(within(form).getByLabelText(/Auth token/)).toHaveValue('secret-token');
    expect(within(form).getByLabelText(/Auth token/)).toHaveAttribute('type', 'password');
  });

  it('sends once however often it is submitted, then lists the number with its Twilio badge', async () => {
    const gate = deferred<void>();
    const local = host(async () => {
      await gate.promise;
      return { status: 201, body: { message: 'Imported +14155550123.' } };
    });
    renderPage();
    const form = await openForm();
    fill(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Import number' }));
    await waitFor(() => expect(local.of('POST', '/user/phone-numbers/import')).toHaveLength(1));
    gate.resolve();
    expect(await screen.findByText('Imported +14155550123.')).toBeInTheDocument();
    const row = await screen.findByTestId('phone-number-row');
    expect(within(row).getByTestId('provider-badge')).toHaveTextContent('Twilio');
    expect(local.of('POST', '/user/phone-numbers/import')).toHaveLength(1);
  });
});
