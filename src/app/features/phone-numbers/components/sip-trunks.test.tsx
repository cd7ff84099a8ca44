import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installZodErrors } from '@/i18n/zod-errors';
import { deferred, fakeHost, renderWithHost, resetHost, type Answer, type FakeRequest } from '@/test/host';
import { useCreateSipTrunk, useUpdateSipTrunk } from '../api/sip-trunks';
import { emptySipTrunkForm, formToCreateSipTrunk, formToUpdateSipTrunk, sipTrunkToForm } from '../lib/sip-trunk-form';
import { SipTrunkForm } from './sip-trunk-form';
import { SipTrunksCard } from './sip-trunks-card';

/*
 * The SIP trunk pieces of the Numbers page against a fake host: the list's loading, empty and error states,
 * "Our SIP address" from the local service only, the form's own checks before sending, the service's field
 * errors on their fields with everything typed kept, one request however often it is submitted, and the edit
 * form sending only what changed.
 */

beforeAll(installZodErrors);
afterEach(resetHost);

const TRUNK = {
  id: 41,
  phone_number: '+4930901820',
  sip_trunk_type: 'number',
  sip_username: 'pbx-office',
  sip_address: 'sip.carrier.example',
  sip_calling_format: '+e164',
  inbound_authorization_type: 'auth',
  allowed_inbound_ips: null,
  outbound_proxy: false,
  country_code: 'DE',
  created_at: '2025-07-14T09:31:12.000000Z',
  updated_at: '2025-07-14T09:31:12.000000Z',
};

function CreateForm({ onSaved }: { onSaved: (id: number) => void }) {
  const create = useCreateSipTrunk();
  return (
    <SipTrunkForm
      initialValues={emptySipTrunkForm()}
      editing={false}
      submitLabel="Add trunk"
      save={(v) => create.mutateAsync(formToCreateSipTrunk(v))}
      onSaved={(a) => onSaved(a.data.id)}
      onCancel={() => undefined}
    />
  );
}

function EditForm({ onSaved }: { onSaved: (changed: boolean) => void }) {
  const update = useUpdateSipTrunk(TRUNK.id);
  const initial = sipTrunkToForm({ ...TRUNK, allowed_inbound_ips: null });
  return (
    <SipTrunkForm
      initialValues={initial}
      editing
      submitLabel="Save changes"
      save={async (v, base) => {
        const body = formToUpdateSipTrunk(base, v);
        return Object.keys(body).length === 0 ? null : update.mutateAsync(body);
      }}
      onSaved={(a) => onSaved(a !== null)}
      onCancel={() => undefined}
    />
  );
}

function host(handler: (req: FakeRequest) => Answer | Promise<Answer> | undefined) {
  return fakeHost(async (req) => (await handler(req)) ?? undefined);
}

const form = () => screen.findByRole('form', { name: 'SIP trunk' });
const field = (f: HTMLElement, name: RegExp) => within(f).getByRole('textbox', { name });

function fillValid(f: HTMLElement) {
  fireEvent.change(field(f, /^Phone number/), { target: { value: '+4930901820' } });
  fireEvent.change(field(f, /SIP server address/), { target: { value: 'sip.carrier.example' } });
  fireEvent.change(field(f, /SIP username/), { target: { value: 'pbx-office' } });
  fireEvent.change(within(f).getByLabelText(/SIP password/), { target: { value: 'secret-1' } });
}

describe('the SIP trunks card', () => {
  it('shows a skeleton, then the trunks, each a link to its page, and our SIP address from the local service', async () => {
    const list = deferred<Answer>();
    host((req) => {
      if (req.path === '/user/phone-numbers/sip-trunks') return list.promise;
      if (req.path === '/local/info') return { body: { service: 'local', sip: { address: 'sip.example.org', port: 5080, enabled: false } } };
      return undefined;
    });
    renderWithHost(() => <SipTrunksCard />);
    const card = await screen.findByTestId('sip-trunks');
    expect(within(card).queryByTestId('sip-trunk-rows')).toBeNull();
    list.resolve({ body: { data: [TRUNK, { ...TRUNK, id: 42, phone_number: '1000', inbound_authorization_type: 'ip' }] } });
    const link = await within(card).findByRole('link', { name: 'Open SIP trunk +4930901820' });
    expect(link).toHaveAttribute('href', '/numbers/sip-trunks/41');
    expect(within(card).getByRole('link', { name: 'Open SIP trunk 1000' })).toBeInTheDocument();
    expect(within(card).getByText('IP addresses')).toBeInTheDocument();
    expect((await within(card).findByTestId('our-sip-address-value')).textContent).toBe('sip.example.org:5080');
    expect(within(card).getByText(/No SIP server runs for this service yet/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add SIP trunk' })).toHaveAttribute('href', '/numbers/sip-trunks/new');
  });

  it('says when there are none, and shows no SIP address on a host that does not give one', async () => {
    const h = host((req) => (req.path === '/user/phone-numbers/sip-trunks' ? { body: { data: [] } } : undefined));
    renderWithHost(() => <SipTrunksCard />);
    expect(await screen.findByText('No SIP trunks yet')).toBeInTheDocument();
    await waitFor(() => expect(h.of('GET', '/local/info')).toHaveLength(1));
    expect(screen.queryByTestId('our-sip-address')).toBeNull();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    const h = host((req) => {
      if (req.path !== '/user/phone-numbers/sip-trunks') return undefined;
      return fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: [TRUNK] } };
    });
    renderWithHost(() => <SipTrunksCard />);
    expect(await screen.findByText('Could not load the SIP trunks')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('link', { name: 'Open SIP trunk +4930901820' })).toBeInTheDocument();
    expect(h.of('GET', '/user/phone-numbers/sip-trunks').length).toBeGreaterThanOrEqual(2);
  });
});

describe('Add SIP trunk', () => {
  it('checks the fields before sending anything', async () => {
    const h = host(() => undefined);
    renderWithHost(() => <CreateForm onSaved={() => undefined} />);
    const f = await form();
    fireEvent.change(field(f, /^Phone number/), { target: { value: '030901820' } });
    fireEvent.change(field(f, /SIP server address/), { target: { value: 'sip.carrier.example:5060' } });
    fireEvent.change(field(f, /SIP username/), { target: { value: 'ab' } });
    fireEvent.click(within(f).getByRole('radio', { name: 'IP addresses' }));
    fireEvent.click(within(f).getByRole('button', { name: 'Add trunk' }));
    expect(await within(f).findByText('Enter the number in E.164 format: + and 8 to 15 digits.')).toBeInTheDocument();
    expect(within(f).getByText('Enter a host name or IP address without a port.')).toBeInTheDocument();
    expect(within(f).getByText('Enter at least one IP address when calls are recognised by address.')).toBeInTheDocument();
    expect(field(f, /SIP username/)).toHaveAttribute('aria-invalid', 'true');
    expect(h.of('POST', '/user/phone-numbers/sip-trunks')).toHaveLength(0);
  });

  it('puts the service’s field errors on their fields, keeps what was typed, and sends once however often it is submitted', async () => {
    const answer = deferred<Answer>();
    const h = host((req) => (req.method === 'POST' && req.path === '/user/phone-numbers/sip-trunks' ? answer.promise : undefined));
    renderWithHost(() => <CreateForm onSaved={() => undefined} />);
    const f = await form();
    fillValid(f);
    const submit = within(f).getByRole('button', { name: 'Add trunk' });
    fireEvent.click(submit);
    fireEvent.submit(f);
    fireEvent.submit(f);
    await waitFor(() => expect(h.of('POST', '/user/phone-numbers/sip-trunks')).toHaveLength(1));
    expect(h.of('POST', '/user/phone-numbers/sip-trunks')[0]!.body).toEqual({
      sip_trunk_type: 'number',
      phone_number: '+4930901820',
      sip_username: 'pbx-office',
      sip_password: 'secret-1',
      sip_address: 'sip.carrier.example',
      sip_calling_format: '+e164',
      inbound_authorization_type: 'auth',
      country_code: 'DE',
      outbound_proxy: false,
    });
    answer.resolve({
      status: 422,
      body: { message: 'The sip username has already been taken. (and 1 more error)', errors: { sip_username: ['The sip username has already been taken.'], sip_address: ['The sip address field must be a public host.'] } },
    });
    expect(await within(f).findByText('The sip username has already been taken.')).toBeInTheDocument();
    expect(within(f).getByText('The sip address field must be a public host.')).toBeInTheDocument();
    expect(field(f, /SIP username/)).toHaveValue('pbx-office');
    expect(within(f).getByLabelText(/SIP password/)).toHaveValue('secret-1');
    expect(field(f, /SIP server address/)).toHaveValue('sip.carrier.example');
    expect(h.of('POST', '/user/phone-numbers/sip-trunks')).toHaveLength(1);
  });

  it('a saved trunk hands its id on', async () => {
    host((req) => (req.method === 'POST' ? { status: 201, body: { message: 'SIP trunk created successfully.', data: { ...TRUNK, id: 77, inbound_trunk_id: 'ST_a', outbound_trunk_id: 'ST_b' } } } : undefined));
    let saved = 0;
    renderWithHost(() => <CreateForm onSaved={(id) => (saved = id)} />);
    const f = await form();
    fillValid(f);
    fireEvent.click(within(f).getByRole('button', { name: 'Add trunk' }));
    await waitFor(() => expect(saved).toBe(77));
  });
});

describe('the trunk’s page', () => {
  it('sends only what changed; the address list goes with a switch to ip; an empty password keeps the stored one', async () => {
    const h = host((req) => (req.method === 'PUT' ? { body: { message: 'SIP trunk updated successfully.', data: { ...TRUNK, inbound_trunk_id: 'ST_a', outbound_trunk_id: 'ST_b' } } } : undefined));
    let changed: boolean | null = null;
    renderWithHost(() => <EditForm onSaved={(c) => (changed = c)} />);
    const f = await form();
    expect(within(f).getByLabelText(/SIP password/)).toHaveValue('');
    fireEvent.click(within(f).getByRole('radio', { name: 'IP addresses' }));
    fireEvent.change(await within(f).findByRole('textbox', { name: /Allowed IP addresses/ }), { target: { value: '203.0.113.7\n198.51.100.0/24' } });
    fireEvent.change(field(f, /SIP server address/), { target: { value: 'sip2.carrier.example' } });
    fireEvent.click(within(f).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(changed).toBe(true));
    expect(h.of('PUT', '/user/phone-numbers/sip-trunks/41')[0]!.body).toEqual({
      sip_address: 'sip2.carrier.example',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.7', '198.51.100.0/24'],
    });
  });

  it('sends nothing when nothing changed', async () => {
    const h = host(() => undefined);
    let changed: boolean | null = null;
    renderWithHost(() => <EditForm onSaved={(c) => (changed = c)} />);
    const f = await form();
    fireEvent.click(within(f).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(changed).toBe(false));
    expect(h.of('PUT', '/user/phone-numbers/sip-trunks/41')).toHaveLength(0);
  });
});
