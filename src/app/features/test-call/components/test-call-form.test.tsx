import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeHost, renderWithHost, type Answer, resetHost } from '@/test/host';
import { SimulateCallForm } from './simulate-call-form';
import { TestCallForm } from './test-call-form';

afterEach(resetHost);

const ASSISTANT = { id: 7, variables: { customer_name: 'Ada', plan: 'gold' } };

function renderForm(onStarted = vi.fn()) {
  renderWithHost(() => <TestCallForm assistant={ASSISTANT} onStarted={onStarted} />);
  return onStarted;
}

async function typeNumber(label: string, text: string) {
  const input = await screen.findByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('TestCallForm', () => {
  it('refuses a missing or invalid number and a value without a name, sending nothing', async () => {
    const host = fakeHost(() => undefined);
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Place test call' }));
    expect(await screen.findByText('The phone number field is required.')).toBeInTheDocument();

    await typeNumber('Number to call', '+1 202 555');
    fireEvent.change(screen.getByRole('textbox', { name: 'Variable 1 name' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(await screen.findByText(/is not a valid number/)).toBeInTheDocument();
    expect(await screen.findByText('The variable name is required.')).toBeInTheDocument();
    expect(host.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('starts with the assistant’s variables and sends the number as E.164 with them', async () => {
    const host = fakeHost(({ path }) => (path === '/user/make_call' ? { body: { message: 'Call initiated successfully', call_id: 91, status: 'initiated' } } : undefined));
    const onStarted = renderForm();
    expect(await screen.findByDisplayValue('gold')).toBeInTheDocument();
    await typeNumber('Number to call', '+1 202 555 0100');
    fireEvent.change(screen.getByRole('textbox', { name: 'Variable 2 value' }), { target: { value: 'silver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(91));
    expect(host.of('POST', '/user/make_call').map((c) => c.body)).toEqual([
      { phone_number: '+12025550100', assistant_id: 7, variables: { customer_name: 'Ada', plan: 'silver' } },
    ]);
  });

  it('puts the service’s field errors on the fields, and the rest above the button', async () => {
    fakeHost(({ path }) =>
      path === '/user/make_call'
        ? {
            status: 422,
            body: {
              message: 'The phone number is not reachable. (and 2 more errors)',
              errors: {
                phone_number: ['The phone number is not reachable.'],
                'variables.plan': ['The variables.plan field must be a string.'],
                assistant_id: ['The selected assistant id is invalid.'],
              },
            },
          }
        : undefined,
    );
    const onStarted = renderForm();
    await typeNumber('Number to call', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(await screen.findByText('The phone number is not reachable.')).toBeInTheDocument();
    const planValue = screen.getByRole('textbox', { name: 'Variable 2 value' });
    expect(planValue).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The variables.plan field must be a string.')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The call was not placed');
    expect(alert).toHaveTextContent('The selected assistant id is invalid.');
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('shows a refusal without fields (balance) above the button', async () => {
    fakeHost(({ path }) =>
      path === '/user/make_call' ? { status: 422, body: { message: 'Insufficient balance to make call. Please top up your account.' } } : undefined,
    );
    renderForm();
    await typeNumber('Number to call', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance to make call.');
  });

  it('places one call however often it is submitted while the first is under way', async () => {
    const answer = deferred<Answer>();
    const host = fakeHost(({ path }) => (path === '/user/make_call' ? answer.promise : undefined));
    const onStarted = renderForm();
    await typeNumber('Number to call', '+1 202 555 0100');
    const button = screen.getByRole('button', { name: 'Place test call' });
    const form = screen.getByRole('form', { name: 'Test call' });
    fireEvent.click(button);
    fireEvent.submit(form);
    fireEvent.click(button);
    await waitFor(() => expect(host.of('POST', '/user/make_call')).toHaveLength(1));
    fireEvent.submit(form);
    fireEvent.submit(form);
    answer.resolve({ body: { message: 'Call initiated successfully', call_id: '12', status: 'initiated' } });
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(12));
    expect(host.of('POST', '/user/make_call')).toHaveLength(1);
    expect(onStarted).toHaveBeenCalledTimes(1);
  });
});

describe('the caller persona (our extension)', () => {
  const LOCAL_INFO = { body: { service: 'voice-console', demo_data: true } };

  it('is offered on the local service, counted, and sent trimmed with the call', async () => {
    const host = fakeHost(({ path }) => {
      if (path === '/local/info') return LOCAL_INFO;
      if (path === '/user/make_call') return { body: { message: 'Call initiated successfully', call_id: 92, status: 'initiated' } };
      return undefined;
    });
    const onStarted = renderForm();
    const persona = await screen.findByRole('textbox', { name: 'Caller persona' });
    fireEvent.change(persona, { target: { value: '  Maria, in a hurry, wants a quote today.  ' } });
    expect(screen.getByText(/^43 \/ 2,000$/)).toBeInTheDocument();
    await typeNumber('Number to call', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(92));
    expect(host.of('POST', '/user/make_call')[0]?.body).toMatchObject({ persona: 'Maria, in a hurry, wants a quote today.' });
  });

  it('refuses a persona over 2,000 characters on its field, and puts the service’s persona error there', async () => {
    const host = fakeHost(({ path }) => {
      if (path === '/local/info') return LOCAL_INFO;
      if (path === '/user/make_call') return { status: 422, body: { message: 'The persona field is invalid.', errors: { persona: ['The persona field is invalid.'] } } };
      return undefined;
    });
    renderForm();
    const persona = await screen.findByRole('textbox', { name: 'Caller persona' });
    fireEvent.change(persona, { target: { value: 'x'.repeat(2001) } });
    await typeNumber('Number to call', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(await screen.findByText('The persona may have at most 2,000 characters.')).toBeInTheDocument();
    expect(host.of('POST', '/user/make_call')).toHaveLength(0);
    fireEvent.change(persona, { target: { value: 'A calm retiree' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(await screen.findByText('The persona field is invalid.')).toBeInTheDocument();
    expect(persona).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not offered, nor sent, where the host is not the local service', async () => {
    const host = fakeHost(({ path }) =>
      path === '/user/make_call' ? { body: { message: 'Call initiated successfully', call_id: 93, status: 'initiated' } } : undefined,
    );
    const onStarted = renderForm();
    await waitFor(() => expect(host.of('GET', '/local/info')).toHaveLength(1));
    expect(screen.queryByRole('textbox', { name: 'Caller persona' })).toBeNull();
    await typeNumber('Number to call', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Place test call' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(93));
    expect(host.of('POST', '/user/make_call')[0]?.body).not.toHaveProperty('persona');
  });

  it('goes with a simulated call too', async () => {
    const host = fakeHost(({ path }) => {
      if (path === '/local/info') return LOCAL_INFO;
      if (path === '/user/calls/simulate-inbound') return { body: { message: 'Inbound call started', call_id: 6, status: 'initiated' } };
      return undefined;
    });
    const onStarted = vi.fn();
    renderWithHost(() => <SimulateCallForm phoneNumberId={3} phoneNumber="+4930123456" onStarted={onStarted} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Caller persona' }), { target: { value: 'An angry customer' } });
    await typeNumber('Caller’s number', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Start the call' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(6));
    expect(host.of('POST', '/user/calls/simulate-inbound').map((c) => c.body)).toEqual([{ phone_number_id: 3, from: '+12025550100', persona: 'An angry customer' }]);
  });
});

describe('SimulateCallForm', () => {
  it('sends the assistant’s number and the caller, and puts a refused caller on its field', async () => {
    let refuse = true;
    const host = fakeHost(({ path }) => {
      if (path !== '/user/calls/simulate-inbound') return undefined;
      if (refuse) return { status: 422, body: { message: 'The from field is invalid.', errors: { from: ['The from field is invalid.'] } } };
      return { body: { message: 'Inbound call started', call_id: 5, status: 'initiated' } };
    });
    const onStarted = vi.fn();
    renderWithHost(() => <SimulateCallForm phoneNumberId={3} phoneNumber="+4930123456" onStarted={onStarted} />);
    await typeNumber('Caller’s number', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Start the call' }));
    expect(await screen.findByText('The from field is invalid.')).toBeInTheDocument();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Start the call' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(5));
    expect(host.of('POST', '/user/calls/simulate-inbound').map((c) => c.body)).toEqual([
      { phone_number_id: 3, from: '+12025550100' },
      { phone_number_id: 3, from: '+12025550100' },
    ]);
  });

  it('says calmly when the host has no simulated calls', async () => {
    fakeHost(() => undefined);
    renderWithHost(() => <SimulateCallForm phoneNumberId={3} phoneNumber={null} onStarted={vi.fn()} />);
    await typeNumber('Caller’s number', '+1 202 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Start the call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This service does not offer simulated calls');
  });
});
