import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { availablePhoneNumberSchema, listOf, ownedPhoneNumberSchema, purchasePhoneNumberResponse } from '../../contract';
import { INSUFFICIENT_BALANCE_NUMBER } from '../account/balance';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertCampaign, insertPhoneNumber } from '../test/fixtures';
import { PHONE_NUMBER_IN_USE, PHONE_NUMBER_NOT_FOR_SALE, PHONE_NUMBER_UNPARSEABLE } from '../numbers/purchase';
import { SEARCH_LIMIT } from '../numbers/search';

let svc: TestService;
let alice: TestUser;
let bob: TestUser;

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

useService((s) => ({ svc, alice, bob } = s));

const setBalance = (userId: number, balance: string) =>
  svc.handle.db.updateTable('users').set({ balance }).where('id', '=', userId).execute();
const balance = async (user: TestUser) => (await user.req('GET', '/user/me')).body.total_balance as number;

interface Offer {
  phone_number: string;
  price: number;
  country_code: string;
}
async function offers(user: TestUser, query = ''): Promise<Offer[]> {
  const res = await user.req('GET', `/user/phone-numbers/search${query}`);
  expect(res.status).toBe(200);
  return res.body.data as Offer[];
}

/** The first number for sale in `country`: the test needs stock there. */
async function firstOffer(user: TestUser, country: string): Promise<Offer> {
  const [offer] = await offers(user, `?country_code=${country}`);
  if (!offer) throw new Error(`no ${country} stock`);
  return offer;
}

describe('the inventory', () => {
  it('holds valid numbers of at least US, GB, DE, FR, AT and CH, each in its country', async () => {
    const rows = await svc.handle.db.selectFrom('phone_number_inventory').selectAll().execute();
    const countries = new Set(rows.map((r) => r.country_code.trim()));
    for (const cc of ['US', 'GB', 'DE', 'FR', 'AT', 'CH']) expect(countries).toContain(cc);
    for (const row of rows) {
      const parsed = parsePhoneNumberFromString(row.phone_number);
      expect(parsed?.isValid(), row.phone_number).toBe(true);
      expect(parsed?.number).toBe(row.phone_number);
      expect(parsed?.country).toBe(row.country_code.trim());
      expect(Number(row.monthly_price)).toBeGreaterThan(0);
    }
  });
});

describe('GET /user/phone-numbers/search', () => {
  it('offers numbers of a country in the hosted shape, wrapped in {data}', async () => {
    const res = await alice.req('GET', '/user/phone-numbers/search?country_code=US');
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, unknown>[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(SEARCH_LIMIT);
    for (const offer of data) {
      expect(offer).toEqual({
        phone_number: expect.stringMatching(/^\+1\d{10}$/),
        phone_number_formatted: expect.stringMatching(/^\+1 \d{3} \d{3} \d{4}$/),
        country_code: 'US',
        price: 3.99,
        stripe_price_id: null,
        address_requirements: 'none',
        sms_capable: true,
      });
    }
    expect(listOf(availablePhoneNumberSchema).parse(res.body)).toHaveLength(data.length);
  });

  it('searches Germany by default and takes a lower-case country code', async () => {
    const byDefault = await offers(alice);
    expect(byDefault.every((o) => o.country_code === 'DE')).toBe(true);
    expect(await offers(alice, '?country_code=de')).toEqual(byDefault);
  });

  it('filters by the digits a number contains', async () => {
    const all = await offers(alice, '?country_code=CH');
    const digits = all[0]?.phone_number.slice(-4) ?? '';
    const found = await offers(alice, `?country_code=CH&contains=${digits}`);
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) expect(o.phone_number).toContain(digits);
    expect(await offers(alice, '?country_code=CH&contains=0000000000')).toEqual([]);
  });

  it('answers an empty list for a country without stock', async () => {
    expect(await offers(alice, '?country_code=JP')).toEqual([]);
  });

  it('refuses malformed parameters with 422', async () => {
    const country = await alice.req('GET', '/user/phone-numbers/search?country_code=USA');
    expect(country.status).toBe(422);
    expect(country.body.errors).toHaveProperty('country_code');
    for (const contains of ['12a', '12345678901', '+49']) {
      const res = await alice.req('GET', `/user/phone-numbers/search?contains=${encodeURIComponent(contains)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('contains');
    }
  });

  it('needs a token', async () => {
    for (const path of ['search', 'all']) {
      const res = await fetch(`${svc.api}/user/phone-numbers/${path}`);
      expect(res.status).toBe(401);
    }
  });
});

describe('POST /user/phone-numbers/purchase', () => {
  it('buys a number: 201, charged to the balance, listed as a Normal number, no longer for sale', async () => {
    const carol = await svc.user();
    const offer = await firstOffer(carol, 'GB');
    const res = await carol.req('POST', '/user/phone-numbers/purchase', { phone_number: offer.phone_number });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Phone number purchased successfully.',
      data: { id: expect.any(Number), phone_number: offer.phone_number, country_code: 'GB', type: 'normal', sms_capable: false },
    });
    expect(purchasePhoneNumberResponse.parse(res.body).data.id).toBe(res.body.data.id);
    expect(await balance(carol)).toBeCloseTo(25 - offer.price, 4);

    const mine = await carol.req('GET', '/user/phone-numbers/all');
    expect(mine.body.data).toEqual([
      {
        id: res.body.data.id,
        phone_number: offer.phone_number,
        country_code: 'GB',
        type: 'normal',
        type_label: 'Normal',
        nickname: null,
        sms_capable: false,
        region: 'local',
        has_active_subscription: true,
        monthly_price: offer.price,
        assistant: null,
        // Our extension: bought here, not imported from a provider (telephony/numbers.ts).
        provider: null,
        created_at: expect.stringMatching(ISO_MICROS),
      },
    ]);
    // The spec's lookup sees it too.
    const lookup = await carol.req('GET', '/user/assistants/phone-numbers');
    expect(lookup.body).toEqual([
      { id: res.body.data.id, phone_number: offer.phone_number, country_code: 'GB', type_label: 'Normal', is_available: true },
    ]);
    expect((await offers(bob, '?country_code=GB')).map((o) => o.phone_number)).not.toContain(offer.phone_number);

    // Bought by anyone: gone for everyone, and nothing is charged.
    const again = await bob.req('POST', '/user/phone-numbers/purchase', { phone_number: offer.phone_number });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: PHONE_NUMBER_IN_USE });
    expect(await balance(bob)).toBe(25);
  });

  it('takes the number in national spacing and normalises it', async () => {
    const dave = await svc.user();
    const offer = await firstOffer(dave, 'AT');
    const spaced = parsePhoneNumberFromString(offer.phone_number)?.formatInternational() ?? '';
    const res = await dave.req('POST', '/user/phone-numbers/purchase', { phone_number: spaced });
    expect(res.status).toBe(201);
    expect(res.body.data.phone_number).toBe(offer.phone_number);
  });

  it('refuses a number that is not for sale, an unparseable one, and a missing one', async () => {
    const seeded = await insertPhoneNumber(svc.handle.db, bob.id, '+4930901820');
    const held = await alice.req('POST', '/user/phone-numbers/purchase', { phone_number: seeded.phone_number });
    expect(held.status).toBe(422);
    expect(held.body).toEqual({ message: PHONE_NUMBER_IN_USE });

    const notStocked = await alice.req('POST', '/user/phone-numbers/purchase', { phone_number: '+14155552671' });
    expect(notStocked.status).toBe(422);
    expect(notStocked.body).toEqual({ message: PHONE_NUMBER_NOT_FOR_SALE });

    const garbage = await alice.req('POST', '/user/phone-numbers/purchase', { phone_number: 'call me' });
    expect(garbage.status).toBe(422);
    expect(garbage.body).toEqual({ message: PHONE_NUMBER_UNPARSEABLE, errors: { phone_number: [PHONE_NUMBER_UNPARSEABLE] } });

    const missing = await alice.req('POST', '/user/phone-numbers/purchase', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ phone_number: ['The phone number field is required.'] });
    expect(await balance(alice)).toBe(25);
  });

  it('refuses a purchase the balance cannot cover and leaves the number on sale', async () => {
    const erin = await svc.user();
    const offer = await firstOffer(erin, 'CH');
    await setBalance(erin.id, String(offer.price - 0.01));
    const res = await erin.req('POST', '/user/phone-numbers/purchase', { phone_number: offer.phone_number });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: INSUFFICIENT_BALANCE_NUMBER });
    expect(await balance(erin)).toBeCloseTo(offer.price - 0.01, 4);
    expect((await erin.req('GET', '/user/phone-numbers/all')).body.data).toEqual([]);
    expect((await offers(erin, '?country_code=CH')).map((o) => o.phone_number)).toContain(offer.phone_number);
  });

  it('sells a number once when two buyers race for it', async () => {
    const [frank, grace] = [await svc.user(), await svc.user()];
    const offer = await firstOffer(frank, 'FR');
    const results = await Promise.all(
      [frank, grace].map((u) => u.req('POST', '/user/phone-numbers/purchase', { phone_number: offer.phone_number })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const charged = [await balance(frank), await balance(grace)].filter((b) => b < 25);
    expect(charged).toHaveLength(1);
  });

  it('lets one balance pay for only as many racing purchases as it covers', async () => {
    const heidi = await svc.user();
    const list = await offers(heidi, '?country_code=DE');
    await setBalance(heidi.id, String(2 * (list[0]?.price ?? 0)));
    const results = await Promise.all(
      list.slice(0, 5).map((o) => heidi.req('POST', '/user/phone-numbers/purchase', { phone_number: o.phone_number })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.message === INSUFFICIENT_BALANCE_NUMBER)).toBe(true);
    expect(await balance(heidi)).toBe(0);
  });
});

describe('GET /user/phone-numbers/all', () => {
  it('lists only the caller’s numbers, each with the assistant it serves', async () => {
    const db = svc.handle.db;
    const ivan = await svc.user();
    const inbound = await insertPhoneNumber(db, ivan.id, '+4930111111');
    const outbound = await insertPhoneNumber(db, ivan.id, '+4930222222', 'Caller ID');
    const idle = await insertPhoneNumber(db, ivan.id, '+4930333333', 'SIP');
    await insertAssistant(db, ivan.id, { name: 'Dialer', phone_number_id: inbound.id });
    const reception = await insertAssistant(db, ivan.id, { name: 'Reception', type: 'inbound', phone_number_id: inbound.id });
    const dialer = await insertAssistant(db, ivan.id, { name: 'Reminders', phone_number_id: outbound.id });
    await insertAssistant(db, ivan.id, { name: 'Gone', type: 'inbound', phone_number_id: idle.id, deleted: true });
    await insertPhoneNumber(db, bob.id, '+4930444444');

    const res = await ivan.req('GET', '/user/phone-numbers/all');
    expect(res.status).toBe(200);
    const data = res.body.data as { id: number; type: string; assistant: unknown; has_active_subscription: boolean }[];
    expect(data.map((n) => n.id)).toEqual([inbound.id, outbound.id, idle.id]);
    expect(data.map((n) => n.assistant)).toEqual([
      { id: reception.id, name: 'Reception', type: 'inbound' },
      { id: dialer.id, name: 'Reminders', type: 'outbound' },
      null,
    ]);
    expect(data.map((n) => n.type)).toEqual(['normal', 'caller_id', 'sip']);
    expect(data.map((n) => n.has_active_subscription)).toEqual([true, false, false]);
    expect(listOf(ownedPhoneNumberSchema).parse(res.body)).toHaveLength(3);
  });
});

describe('PUT /user/phone-numbers/{id}', () => {
  it('sets and clears the nickname, answering the number', async () => {
    const judy = await svc.user();
    const number = await insertPhoneNumber(svc.handle.db, judy.id);
    const set = await judy.req('PUT', `/user/phone-numbers/${number.id}`, { nickname: '  Berlin office ' });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Phone number updated successfully.');
    expect(set.body.data).toMatchObject({ id: number.id, phone_number: number.phone_number, nickname: 'Berlin office' });
    expect((await judy.req('GET', '/user/phone-numbers/all')).body.data[0].nickname).toBe('Berlin office');

    const kept = await judy.req('PUT', `/user/phone-numbers/${number.id}`, {});
    expect(kept.body.data.nickname).toBe('Berlin office');
    for (const clear of [null, '']) {
      await judy.req('PUT', `/user/phone-numbers/${number.id}`, { nickname: 'x' });
      const res = await judy.req('PUT', `/user/phone-numbers/${number.id}`, { nickname: clear });
      expect(res.status).toBe(200);
      expect(res.body.data.nickname).toBeNull();
    }
  });

  it('refuses other fields by name, a long nickname, and a body that is not an object', async () => {
    const ken = await svc.user();
    const number = await insertPhoneNumber(svc.handle.db, ken.id);
    const extra = await ken.req('PUT', `/user/phone-numbers/${number.id}`, { nickname: 'ok', phone_number: '+1', label: 'x' });
    expect(extra.status).toBe(422);
    expect(extra.body).toEqual({ message: 'The following fields cannot be updated: phone_number, label' });
    const long = await ken.req('PUT', `/user/phone-numbers/${number.id}`, { nickname: 'x'.repeat(51) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ nickname: ['The nickname field must not be greater than 50 characters.'] });
    const typed = await ken.req('PUT', `/user/phone-numbers/${number.id}`, { nickname: 5 });
    expect(typed.status).toBe(422);
    expect((await ken.req('PUT', `/user/phone-numbers/${number.id}`, '[1]')).status).toBe(400);
    // Nothing changed.
    expect((await ken.req('GET', '/user/phone-numbers/all')).body.data[0].nickname).toBeNull();
  });

  it('answers 404 for another user’s number and for ids that name none', async () => {
    const number = await insertPhoneNumber(svc.handle.db, bob.id);
    for (const id of [String(number.id), '999999', 'abc', '0']) {
      const res = await alice.req('PUT', `/user/phone-numbers/${id}`, { nickname: 'mine now' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Phone number not found.' });
    }
    expect((await bob.req('GET', '/user/phone-numbers/all')).body.data.find((n: { id: number }) => n.id === number.id).nickname).toBeNull();
  });
});

describe('DELETE /user/phone-numbers/{id}', () => {
  it('releases a bought number back to the inventory', async () => {
    const leo = await svc.user();
    const offer = await firstOffer(leo, 'NL');
    const bought = await leo.req('POST', '/user/phone-numbers/purchase', { phone_number: offer.phone_number });
    const res = await leo.req('DELETE', `/user/phone-numbers/${bought.body.data.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Phone number released successfully.' });
    expect((await leo.req('GET', '/user/phone-numbers/all')).body.data).toEqual([]);
    expect((await offers(bob, '?country_code=NL')).map((o) => o.phone_number)).toContain(offer.phone_number);
    // Not refunded: the month was paid.
    expect(await balance(leo)).toBeCloseTo(25 - offer.price, 4);
    expect((await bob.req('POST', '/user/phone-numbers/purchase', { phone_number: offer.phone_number })).status).toBe(201);
  });

  it('refuses while an assistant or a campaign uses the number, naming them', async () => {
    const db = svc.handle.db;
    const mia = await svc.user();
    const number = await insertPhoneNumber(db, mia.id);
    const assistant = await insertAssistant(db, mia.id, { name: 'Front desk', type: 'inbound', phone_number_id: number.id });
    const campaign = await insertCampaign(db, mia.id, { name: 'Winter push' });
    await db.insertInto('campaign_phone_numbers').values({ campaign_id: campaign.id, phone_number_id: number.id }).execute();

    const res = await mia.req('DELETE', `/user/phone-numbers/${number.id}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: `The phone number is used by assistant Front desk (#${assistant.id}), campaign Winter push (#${campaign.id}). Remove it there before releasing it.`,
    });

    await db.deleteFrom('campaign_phone_numbers').where('campaign_id', '=', campaign.id).execute();
    const onlyAssistant = await mia.req('DELETE', `/user/phone-numbers/${number.id}`);
    expect(onlyAssistant.body.message).toBe(`The phone number is used by assistant Front desk (#${assistant.id}). Remove it there before releasing it.`);

    await db.updateTable('assistants').set({ phone_number_id: null }).where('id', '=', assistant.id).execute();
    expect((await mia.req('DELETE', `/user/phone-numbers/${number.id}`)).status).toBe(200);
  });

  it('lets a deleted assistant’s number go', async () => {
    const db = svc.handle.db;
    const ned = await svc.user();
    const number = await insertPhoneNumber(db, ned.id);
    await insertAssistant(db, ned.id, { type: 'inbound', phone_number_id: number.id, deleted: true });
    expect((await ned.req('DELETE', `/user/phone-numbers/${number.id}`)).status).toBe(200);
  });

  it('answers 404 for another user’s number, which stays', async () => {
    const number = await insertPhoneNumber(svc.handle.db, bob.id);
    const res = await alice.req('DELETE', `/user/phone-numbers/${number.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Phone number not found.' });
    expect((await bob.req('GET', '/user/phone-numbers/all')).body.data.map((n: { id: number }) => n.id)).toContain(number.id);
  });
});
