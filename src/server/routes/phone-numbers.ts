import { Hono } from 'hono';
import { PHONE_NUMBER_UPDATABLE_FIELDS, phoneNumberSearchQuery, purchasePhoneNumberRequest, updatePhoneNumberRequest } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { idParam, parseBody, parseQuery, parseUpdateBody } from '../http/validate';
import { ownedNumbers, PHONE_NUMBER_NOT_FOUND } from '../numbers/owned';
import { purchaseNumber } from '../numbers/purchase';
import { releaseNumber } from '../numbers/release';
import { searchNumbers } from '../numbers/search';
import { updateNumber } from '../numbers/update';
import { phoneNumberImportRequest } from '../../contract/voice';
import { HttpError } from '../http/errors';
import { importNumber, releaseImportedNumber } from '../telephony/numbers';

/*
 * The caller's numbers and the numbers for sale, as the hosted API's phone-number endpoints give them:
 * list (`{data}`), search the inventory, purchase (charged to the balance), nickname, release.
 */

export function phoneNumberRoutes({ db, now, voice }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/phone-numbers/all', async (c) => {
    return c.json({ data: await ownedNumbers(db, c.var.user.id) });
  });

  r.get('/phone-numbers/search', async (c) => {
    return c.json({ data: await searchNumbers(db, parseQuery(c, phoneNumberSearchQuery)) });
  });

  r.post('/phone-numbers/purchase', async (c) => {
    const input = await parseBody(c, purchasePhoneNumberRequest);
    const bought = await purchaseNumber(db, now, c.var.user.id, input.phone_number);
    return c.json(
      {
        message: 'Phone number purchased successfully.',
        data: {
          id: bought.id,
          phone_number: bought.phone_number,
          country_code: bought.country_code.trim(),
          type: 'normal',
          sms_capable: bought.sms_capable,
        },
      },
      201,
    );
  });

  // Our extension: a number the caller owns at Twilio, answered by the service (telephony/numbers.ts).
  r.post('/phone-numbers/import', async (c) => {
    const input = await parseBody(c, phoneNumberImportRequest);
    if (!voice) throw new HttpError(503, 'Importing numbers is not available on this service.');
    const imported = await importNumber(voice, c.var.user.id, input);
    const [data] = await ownedNumbers(db, c.var.user.id, [imported.id]);
    return c.json({ message: 'Phone number imported successfully.', data }, 201);
  });

  r.put('/phone-numbers/:id', async (c) => {
    const id = idParam(c, 'id', PHONE_NUMBER_NOT_FOUND);
    // As the lead update does: a field we would not store is refused by name, never dropped.
    const input = await parseUpdateBody(c, updatePhoneNumberRequest, PHONE_NUMBER_UPDATABLE_FIELDS);
    const data = await updateNumber(db, c.var.user.id, id, input);
    return c.json({ message: 'Phone number updated successfully.', data });
  });

  r.delete('/phone-numbers/:id', async (c) => {
    const id = idParam(c, 'id', PHONE_NUMBER_NOT_FOUND);
    const userId = c.var.user.id;
    if (voice) await releaseImportedNumber(voice, userId, id, () => releaseNumber(db, userId, id));
    else await releaseNumber(db, userId, id);
    return c.json({ message: 'Phone number released successfully.' });
  });

  return r;
}
