import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allFieldsVariants, singleFieldVariants, variantArbitrary, VARIANT_RUNS, type JsonRecord } from '@/test/variants';
import { fakeHost, renderWithHost, resetHost } from '@/test/host';
import { formatDeliveryTime } from '../lib/outcome';
import { WebhookDeliveriesCard } from './deliveries-card';

afterEach(resetHost);

const FAILED: JsonRecord = {
  id: 41,
  webhook_id: 'msg_2b8f0c1e-7a4d-4a57-9c1e-1f3f0a6c9d21',
  assistant_id: 7,
  call_id: 1201,
  kind: 'post_call',
  event: 'call.ended',
  url: 'http://127.0.0.1:9999/hook',
  status: 'pending',
  attempts: 1,
  last_status_code: 500,
  last_response: 'boom <script>alert(1)</script>',
  last_error: null,
  last_attempt_at: '2026-05-12 14:03:09',
  next_attempt_at: '2026-05-12 14:03:14',
  delivered_at: null,
  created_at: '2026-05-12 14:03:09',
};

function page(data: unknown[], extra: Record<string, unknown> = {}) {
  return { data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...extra };
}

function renderCard(props: { status?: 'pending' | 'delivered' | 'failed'; onStatusChange?: (s: string | undefined) => void } = {}) {
  const onStatusChange = props.onStatusChange ?? vi.fn();
  renderWithHost(() => <WebhookDeliveriesCard assistantId={7} status={props.status} onStatusChange={onStatusChange} />);
  return onStatusChange;
}

describe('WebhookDeliveriesCard', () => {
  it('lists the assistant’s deliveries with code, attempts and outcome in words', async () => {
    const host = fakeHost(({ path }) =>
      path === '/user/webhook-deliveries'
        ? { body: page([FAILED, { ...FAILED, id: 42, status: 'delivered', attempts: 2, last_status_code: 200, delivered_at: '2026-05-12 14:03:15', event: 'inbound_call.started' }]) }
        : undefined,
    );
    renderCard({ status: 'pending' });
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Call ended')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '#1201' })).toHaveAttribute('href', '/calls/1201');
    expect(within(rows[0]!).getByTestId('delivery-status-code')).toHaveTextContent('500');
    expect(within(rows[0]!).getByTestId('delivery-attempts')).toHaveTextContent('1');
    expect(within(rows[0]!).getByTestId('delivery-outcome')).toHaveTextContent('Pending');
    expect(within(rows[0]!).getByTestId('delivery-outcome')).toHaveTextContent(`Last answer HTTP 500 after 1 attempt; next try ${formatDeliveryTime('2026-05-12 14:03:14')}`);
    expect(within(rows[1]!).getByTestId('delivery-outcome')).toHaveTextContent(`DeliveredAnswered HTTP 200 at ${formatDeliveryTime('2026-05-12 14:03:15')}`);
    expect(within(rows[1]!).getByText('Inbound call started')).toBeInTheDocument();
    const query = host.of('GET', '/user/webhook-deliveries')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ assistant_id: '7', status: 'pending', page: '1', per_page: '10' });
  });

  it('hands the status filter to the page', async () => {
    fakeHost(({ path }) => (path === '/user/webhook-deliveries' ? { body: page([FAILED]) } : undefined));
    const onStatusChange = renderCard();
    await screen.findAllByTestId('delivery-row');
    fireEvent.click(screen.getByRole('radio', { name: 'Failed' }));
    expect(onStatusChange).toHaveBeenLastCalledWith('failed');
  });

  it('hands “All” to the page as no filter', async () => {
    fakeHost(({ path }) => (path === '/user/webhook-deliveries' ? { body: page([FAILED]) } : undefined));
    const onStatusChange = renderCard({ status: 'failed' });
    await screen.findAllByTestId('delivery-row');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(onStatusChange).toHaveBeenLastCalledWith(undefined);
  });

  it('opens a delivery with its payload and last response as text', async () => {
    const payload = { event: 'call.ended', id: 1201, transcript: 'AI: <b>Hello</b>', lead: null };
    fakeHost(({ path }) => {
      if (path === '/user/webhook-deliveries') return { body: page([FAILED]) };
      if (path === '/user/webhook-deliveries/41') return { body: { data: { ...FAILED, payload } } };
      return undefined;
    });
    renderCard();
    fireEvent.click(await screen.findByTestId('delivery-row'));
    const drawer = await screen.findByTestId('delivery-drawer');
    expect(within(drawer).getByTestId('delivery-response')).toHaveTextContent('boom <script>alert(1)</script>');
    const code = await within(drawer).findByLabelText('payload');
    expect(code.textContent).toBe(JSON.stringify(payload, null, 2));
    expect(within(drawer).getByText('msg_2b8f0c1e-7a4d-4a57-9c1e-1f3f0a6c9d21')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('resends once per press, says so, and lists the delivery again', async () => {
    let resent = false;
    const host = fakeHost(({ method, path }) => {
      if (path === '/user/webhook-deliveries') return { body: page([resent ? { ...FAILED, status: 'pending', attempts: 1 } : { ...FAILED, status: 'failed', attempts: 6 }]) };
      if (method === 'POST' && path === '/user/webhook-deliveries/41/resend') {
        resent = true;
        return { body: { message: 'Delivery queued', data: { ...FAILED, status: 'pending' } } };
      }
      return undefined;
    });
    renderCard();
    const button = await screen.findByRole('button', { name: 'Resend delivery 41' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(/Delivery queued: it goes out again now/)).toBeInTheDocument();
    expect(host.of('POST', '/user/webhook-deliveries/41/resend')).toHaveLength(1);
    await waitFor(() => expect(host.of('GET', '/user/webhook-deliveries').length).toBeGreaterThanOrEqual(2));
    // The row was not opened by the button.
    expect(screen.queryByTestId('delivery-drawer')).toBeNull();
  });

  it('says a refused resend in the service’s words', async () => {
    fakeHost(({ method, path }) => {
      if (path === '/user/webhook-deliveries') return { body: page([FAILED]) };
      if (method === 'POST') return { status: 404, body: { message: 'Delivery not found' } };
      return undefined;
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend delivery 41' }));
    expect(await screen.findByText('The delivery was not queued')).toBeInTheDocument();
    expect(screen.getByText('Delivery not found')).toBeInTheDocument();
  });

  it('shows an empty log, a failed load with a retry, and a host without deliveries quietly', async () => {
    let answer: { status?: number; body: unknown } = { body: page([]) };
    fakeHost(({ path }) => (path === '/user/webhook-deliveries' ? answer : undefined));
    const first = renderWithHost(() => <WebhookDeliveriesCard assistantId={7} onStatusChange={vi.fn()} />);
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
    first.unmount();

    answer = { status: 400, body: { message: 'The status field is invalid.' } };
    const second = renderWithHost(() => <WebhookDeliveriesCard assistantId={7} onStatusChange={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deliveries could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    second.unmount();

    answer = { status: 404, body: { message: 'The route api/user/webhook-deliveries could not be found.' } };
    renderWithHost(() => <WebhookDeliveriesCard assistantId={7} onStatusChange={vi.fn()} />);
    expect(await screen.findByTestId('deliveries-not-offered')).toHaveTextContent('Not offered by this service');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Failed' })).toBeNull();
  });

  it('renders deliveries with fields missing, null, stringified or unknown', async () => {
    const variants = [...singleFieldVariants(FAILED, 100), ...allFieldsVariants(FAILED, 900)];
    fakeHost(({ path }) => (path === '/user/webhook-deliveries' ? { body: page(variants, { total: String(variants.length), per_page: '10', last_page: null }) } : undefined));
    renderCard();
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(variants.length);
    expect(screen.queryByRole('alert')).toBeNull();
    // An unknown status is shown as it came.
    expect(screen.getAllByText('zz-never-heard-of-it').length).toBeGreaterThan(0);
  });

  it('renders random combinations of drift', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(variantArbitrary(FAILED, ['id']), { minLength: 1, maxLength: 4 }), async (records) => {
        const data = records.map((r, i) => ({ ...r, id: i + 1 }));
        fakeHost(({ path }) => (path === '/user/webhook-deliveries' ? { body: page(data) } : undefined));
        const view = renderWithHost(() => <WebhookDeliveriesCard assistantId={7} onStatusChange={vi.fn()} />);
        expect(await screen.findAllByTestId('delivery-row')).toHaveLength(data.length);
        expect(screen.queryByRole('alert')).toBeNull();
        view.unmount();
        vi.unstubAllGlobals();
      }),
      VARIANT_RUNS,
    );
  });
});
