import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { networkQuiet } from './support/quiet';
import { DESKTOP, saveScreenshot } from './support/screenshots';

/*
 * SIP trunks against the real local service: "Add SIP trunk" from the Numbers page, a refusal of the service
 * (a username another trunk has) shown on its field with everything typed kept, then the trunk saved, its page
 * with the trunk ids and our SIP address, and the trunk in the Numbers page's lists, then released from its page. What is left is
 * released afterwards.
 */

const username = (what: string) => `e2e-${what}-${RUN_ID}`;
// An extension of this run only (letters and digits are both allowed).
const extension = `x${RUN_ID}`.slice(0, 15);

test.describe('SIP trunks', () => {
  test.use({ viewport: DESKTOP });
  const made: number[] = [];
  test.afterEach(async ({ request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    for (const id of made.splice(0)) await api.call('DELETE', `/user/phone-numbers/${id}`);
  });

  test('adds a trunk: a field error from the service, then success', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    // A trunk that already has the username the form will try first.
    const taken = await api.call<{ data: { id: number } }>('POST', '/user/phone-numbers/sip-trunks', {
      sip_trunk_type: 'extension',
      phone_number: extension,
      sip_username: username('taken'),
      sip_password: 'taken-pass',
      sip_address: 'sip.carrier.example',
      sip_calling_format: '+e164',
      inbound_authorization_type: 'auth',
      country_code: 'DE',
    });
    made.push(taken.data.id);

    await page.goto('/numbers');
    const card = page.getByTestId('sip-trunks');
    await expect(card.getByRole('link', { name: `Open SIP trunk ${extension}` })).toBeVisible();
    await card.getByRole('link', { name: 'Add SIP trunk' }).click();
    await expect(page).toHaveURL(/\/numbers\/sip-trunks\/new$/);
    await expect(page.getByRole('heading', { name: 'Add SIP trunk', level: 1 })).toBeVisible();
    // Where the carrier sends calls: the host of PUBLIC_URL and 5060 unless configured.
    await expect(page.getByTestId('our-sip-address-value')).toHaveText(/^[^:\s]+:\d+$/);

    const form = page.getByRole('form', { name: 'SIP trunk' });
    const number = `+4930${String(Date.now()).slice(-7)}`;
    await form.getByRole('textbox', { name: 'Phone number' }).fill(number);
    await form.getByRole('textbox', { name: 'SIP server address' }).fill('sip.carrier.example');
    await form.getByRole('textbox', { name: 'SIP username' }).fill(username('taken'));
    await form.getByLabel('SIP password').fill('s3cret-pass');
    await form.getByText('IP addresses', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Allowed IP addresses' }).fill('203.0.113.7\n198.51.100.0/24');
    await form.getByRole('button', { name: 'Add trunk' }).click();

    const usernameField = form.getByRole('textbox', { name: 'SIP username' });
    await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('The sip username has already been taken.')).toBeVisible();
    // Nothing typed was lost.
    await expect(form.getByRole('textbox', { name: 'Phone number' })).toHaveValue(number);
    await expect(form.getByLabel('SIP password')).toHaveValue('s3cret-pass');
    await expect(form.getByRole('textbox', { name: 'Allowed IP addresses' })).toHaveValue('203.0.113.7\n198.51.100.0/24');
    await expect(page).toHaveURL(/\/numbers\/sip-trunks\/new$/);

    await usernameField.fill(username('office'));
    await form.getByRole('button', { name: 'Add trunk' }).click();
    await expect(page.getByRole('heading', { name: `SIP trunk ${number}`, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/numbers\/sip-trunks\/\d+$/);
    made.push(Number(/(\d+)$/.exec(page.url())![1]));
    await expect(page.getByTestId('sip-trunk-ids')).toContainText(/ST_\w+/);
    const saved = page.getByRole('form', { name: 'SIP trunk' });
    await expect(saved.getByRole('textbox', { name: 'SIP username' })).toHaveValue(username('office'));
    await expect(saved.getByLabel('SIP password')).toHaveValue('');
    await expect(saved.getByRole('textbox', { name: 'Allowed IP addresses' })).toHaveValue('203.0.113.7\n198.51.100.0/24');
    await networkQuiet(page);
    await saveScreenshot(page, 'sip-trunk-page-desktop');

    // A trunk is a number of type SIP: in the trunk list and the account's numbers.
    await page.goto('/numbers');
    await expect(page.getByTestId('sip-trunks').getByRole('link', { name: `Open SIP trunk ${number}` })).toBeVisible();
    await expect(page.getByTestId('phone-numbers').getByText(number).first()).toBeVisible();

    // Released from its page: gone from the list.
    await page.getByTestId('sip-trunks').getByRole('link', { name: `Open SIP trunk ${number}` }).click();
    await page.getByTestId('release-sip-trunk').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Release number' }).click();
    await expect(page).toHaveURL(/\/numbers$/);
    await expect(page.getByTestId('sip-trunks').getByRole('link', { name: `Open SIP trunk ${number}` })).toHaveCount(0);
    made.pop();
  });
});
