import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { removedAfterEach } from './fixtures/order-desk';
import { startStandInCalcom, type StandInCalcom } from '../src/server/test/stand-ins/calcom';

/*
 * The calendar_integration built-in tool in the console's Test chat: the service asks cal.com (our stand-in,
 * src/server/test/stand-ins/calcom.ts, started here on a free port; ALLOW_PRIVATE_URLS=1 lets the service reach
 * 127.0.0.1) for free times and books one; the model stand-in's script asks for them when the user wants an
 * appointment, and books the first free time when the user gives an e-mail address. Both calls show as tool cards.
 */

let calcom: StandInCalcom;
test.beforeAll(async () => {
  calcom = await startStandInCalcom();
});
test.afterAll(async () => {
  await calcom.close();
});

test.describe('calendar in the test chat', () => {
  const made = removedAfterEach();

  test('finds free times and books one, each shown as a tool card', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const assistant = await api.createAssistant({
      name: `Calendar desk ${RUN_ID}`,
      initial_message: 'Hello, Acme sales here.',
      tools: [
        {
          type: 'calendar_integration',
          description: 'Books a 30-minute intro call',
          calcom_api_key: calcom.apiKey,
          calcom_event_slug: 'intro-call',
          calcom_endpoint: 'custom',
          calcom_custom_endpoint: calcom.baseUrl,
        },
      ],
    });
    made.assistants.push(assistant.id);

    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('button', { name: 'Test chat' }).click();
    const chat = page.getByTestId('test-chat');
    await expect(chat.getByText('Hello, Acme sales here.')).toBeVisible();
    const box = chat.getByRole('textbox', { name: 'Message', exact: true });

    await box.fill('I would like to book an appointment.');
    await box.press('Enter');
    const check = chat.getByRole('group', { name: 'Function call check_availability' });
    await expect(check).toContainText('"free_starts"');
    await expect(chat.getByText(/^The first free time is .+\. Shall I book it\?/)).toBeVisible();
    await expect(box).toBeEnabled();

    await box.fill('My name is Ada Lovelace, ada@example.com');
    await box.press('Enter');
    const booking = chat.getByRole('group', { name: 'Function call book_appointment' });
    await expect(booking).toContainText('"booked": true');
    await expect(booking).toContainText('"email": "ada@example.com"');
    await expect(chat.getByText(/^You are booked for .+\. See you then!$/)).toBeVisible();
    // The booking reached cal.com with the attendee.
    expect(calcom.bookings.at(-1)?.attendee).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', timeZone: 'Europe/Berlin' });
  });
});
