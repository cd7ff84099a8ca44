import { describe, expect, it } from 'vitest';
import { sipTrunkDetailSchema, sipTrunkSchema, SIP_EXTENSION_INVALID, SIP_IPS_REQUIRED, SIP_NUMBER_INVALID, SIP_ADDRESS_INVALID } from '../../contract';
import { decryptSecret } from '../telephony/secrets';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { NO_SECRET_KEY_SIP, SIP_ADDRESS_PRIVATE, SIP_NUMBER_HELD, SIP_TRUNK_NOT_FOUND, SIP_USERNAME_TAKEN } from '../numbers/sip-trunks';

/*
 * The hosted API's SIP trunk endpoints over real HTTP on a real database (every answer is also checked against
 * the OpenAPI document by the harness): fields and rules, the partial update, the password kept encrypted and
 * never returned, another user's trunk never seen, and the trunk as a number of type sip everywhere numbers go.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;

// With voice services: they carry the key the password is encrypted with (SECRET_KEY in production).
useService((s) => ({ svc, alice, bob } = s), { voice: {} });

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
let seq = 0;
/** A valid create body with a username of its own. */
function trunkBody(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    sip_trunk_type: 'extension',
    phone_number: `10${seq}`,
    sip_username: `pbx-user-${seq}-${Date.now() % 100000}`,
    sip_password: 's3cret pass',
    sip_address: 'sip.carrier.example',
    sip_calling_format: '+e164',
    inbound_authorization_type: 'auth',
    country_code: 'de',
    ...over,
  };
}

async function createTrunk(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await user.req('POST', '/user/phone-numbers/sip-trunks', trunkBody(over));
  expect(res.status, res.text).toBe(201);
  return res.body.data as Record<string, unknown> & { id: number };
}

describe('POST /user/phone-numbers/sip-trunks', () => {
  it('adds an extension trunk: 201 {message, data} with the trunk ids, the password stored encrypted and never answered', async () => {
    const body = trunkBody({ outbound_proxy: true });
    const res = await alice.req('POST', '/user/phone-numbers/sip-trunks', body);
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('SIP trunk created successfully.');
    const t = res.body.data;
    expect(t).toMatchObject({
      phone_number: body.phone_number,
      sip_trunk_type: 'extension',
      sip_username: body.sip_username,
      sip_address: 'sip.carrier.example',
      sip_calling_format: '+e164',
      inbound_authorization_type: 'auth',
      allowed_inbound_ips: null,
      outbound_proxy: true,
      country_code: 'DE',
    });
    expect(t.inbound_trunk_id).toMatch(/^ST_[A-Za-z0-9]{12}$/);
    expect(t.outbound_trunk_id).toMatch(/^ST_[A-Za-z0-9]{12}$/);
    expect(t.inbound_trunk_id).not.toBe(t.outbound_trunk_id);
    expect(t.created_at).toMatch(ISO_MICROS);
    expect(t.updated_at).toMatch(ISO_MICROS);
    expect(res.text).not.toContain('s3cret');
    expect(sipTrunkDetailSchema.safeParse(t).success).toBe(true);

    const row = await svc.handle.db.selectFrom('phone_numbers').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.id, provider: 'sip', type_label: 'SIP', sip_trunk_type: 'extension' });
    expect(row.provider_secret).toMatch(/^v1:/);
    expect(row.provider_secret).not.toContain('s3cret');
    expect(decryptSecret(svc.server.voice!.secretKey!, row.provider_secret!)).toBe('s3cret pass');
  });

  it('adds a number trunk authorised by address, with its list', async () => {
    const t = await createTrunk(alice, {
      sip_trunk_type: 'number',
      phone_number: '+4930901820',
      sip_calling_format: 'national',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.7', '198.51.100.0/24', '2001:db8::1'],
    });
    expect(t).toMatchObject({ sip_trunk_type: 'number', phone_number: '+4930901820', inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.7', '198.51.100.0/24', '2001:db8::1'], outbound_proxy: false });
  });

  it('an auth trunk keeps no address list, even when one is sent', async () => {
    const t = await createTrunk(alice, { allowed_inbound_ips: ['203.0.113.9'] });
    expect(t.allowed_inbound_ips).toBeNull();
  });

  it('answers 422 {message, errors} on each field the rules refuse', async () => {
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ phone_number: '1234567890123456' }, 'phone_number', SIP_EXTENSION_INVALID],
      [{ phone_number: '10 1' }, 'phone_number', SIP_EXTENSION_INVALID],
      [{ sip_trunk_type: 'number', phone_number: '030901820' }, 'phone_number', SIP_NUMBER_INVALID],
      [{ sip_trunk_type: 'trunk' }, 'sip_trunk_type', 'The selected sip trunk type is invalid.'],
      [{ sip_username: 'ab' }, 'sip_username', 'The sip username field must be at least 3 characters.'],
      [{ sip_username: 'x'.repeat(129) }, 'sip_username', 'The sip username field must not be greater than 128 characters.'],
      [{ sip_username: 'has space' }, 'sip_username', /may only contain/],
      [{ sip_password: 'ab' }, 'sip_password', 'The sip password field must be at least 3 characters.'],
      [{ sip_address: 'sip.carrier.example:5060' }, 'sip_address', SIP_ADDRESS_INVALID],
      [{ sip_address: 'sip:carrier.example' }, 'sip_address', SIP_ADDRESS_INVALID],
      [{ sip_address: '999.1.1.1' }, 'sip_address', SIP_ADDRESS_INVALID],
      [{ sip_calling_format: 'e.164' }, 'sip_calling_format', 'The selected sip calling format is invalid.'],
      [{ inbound_authorization_type: 'digest' }, 'inbound_authorization_type', 'The selected inbound authorization type is invalid.'],
      [{ inbound_authorization_type: 'ip' }, 'allowed_inbound_ips', SIP_IPS_REQUIRED],
      [{ inbound_authorization_type: 'ip', allowed_inbound_ips: [] }, 'allowed_inbound_ips', SIP_IPS_REQUIRED],
      [{ inbound_authorization_type: 'ip', allowed_inbound_ips: ['10.0.0.300'] }, 'allowed_inbound_ips.0', /IPv4 or IPv6/],
      [{ inbound_authorization_type: 'ip', allowed_inbound_ips: ['10.0.0.0/33'] }, 'allowed_inbound_ips.0', /CIDR/],
      [{ country_code: 'DEU' }, 'country_code', /two-letter/],
      [{ outbound_proxy: 'maybe' }, 'outbound_proxy', 'The outbound proxy field must be true or false.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await alice.req('POST', '/user/phone-numbers/sip-trunks', trunkBody(over));
      expect(res.status, `${JSON.stringify(over)}: ${res.text}`).toBe(422);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.errors[field], `${JSON.stringify(over)}: ${res.text}`).toEqual([expect.stringMatching(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))]);
    }
  });

  it('names every required field that is missing', async () => {
    const res = await alice.req('POST', '/user/phone-numbers/sip-trunks', {});
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['country_code', 'inbound_authorization_type', 'phone_number', 'sip_address', 'sip_calling_format', 'sip_password', 'sip_trunk_type', 'sip_username'].sort(),
    );
    expect(res.body.errors.sip_username).toEqual(['The sip username field is required.']);
  });

  it('refuses a username any trunk (of any user) has, and a number the user already has', async () => {
    const taken = await createTrunk(bob);
    const res = await alice.req('POST', '/user/phone-numbers/sip-trunks', trunkBody({ sip_username: taken.sip_username }));
    expect(res.status).toBe(422);
    expect(res.body.errors.sip_username).toEqual([SIP_USERNAME_TAKEN]);
    // Nothing of bob's trunk but the clash is told.
    expect(res.text).not.toContain(String(taken.phone_number));

    const own = await insertPhoneNumber(svc.handle.db, alice.id, '+12025550123');
    const dup = await alice.req('POST', '/user/phone-numbers/sip-trunks', trunkBody({ sip_trunk_type: 'number', phone_number: own.phone_number }));
    expect(dup.status).toBe(422);
    expect(dup.body.errors.phone_number).toEqual([SIP_NUMBER_HELD]);
    // Bob may have the same extension as alice: trunks are told apart by their credentials.
    const ext = await createTrunk(alice, { phone_number: '777' });
    await createTrunk(bob, { phone_number: ext.phone_number });
  });

  it('two creates racing for one username: one trunk, the other a 422', async () => {
    const body = trunkBody();
    const [a, b] = await Promise.all([
      alice.req('POST', '/user/phone-numbers/sip-trunks', body),
      bob.req('POST', '/user/phone-numbers/sip-trunks', { ...body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    const rows = await svc.handle.db.selectFrom('phone_numbers').select('id').where('sip_username', '=', body.sip_username).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('GET /user/phone-numbers/sip-trunks and /{id}', () => {
  it("lists the caller's trunks only, without password or trunk ids; one trunk adds the ids", async () => {
    const mine = await createTrunk(alice);
    const theirs = await createTrunk(bob);
    await insertPhoneNumber(svc.handle.db, alice.id);
    const res = await alice.req('GET', '/user/phone-numbers/sip-trunks');
    expect(res.status).toBe(200);
    const list = res.body.data as Record<string, unknown>[];
    const ids = list.map((t) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    for (const t of list) {
      expect(sipTrunkSchema.safeParse(t).success).toBe(true);
      expect(t).not.toHaveProperty('sip_password');
      expect(t).not.toHaveProperty('inbound_trunk_id');
      expect(t.sip_address).toBeTypeOf('string');
    }
    expect(res.text).not.toContain('s3cret');

    const one = await alice.req('GET', `/user/phone-numbers/sip-trunks/${mine.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(mine);
  });

  it("404s on another user's trunk, a plain number, and an id that is not one", async () => {
    const theirs = await createTrunk(bob);
    const plain = await insertPhoneNumber(svc.handle.db, alice.id);
    for (const path of [`/user/phone-numbers/sip-trunks/${theirs.id}`, `/user/phone-numbers/sip-trunks/${plain.id}`, '/user/phone-numbers/sip-trunks/abc', '/user/phone-numbers/sip-trunks/0']) {
      const res = await alice.req('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: SIP_TRUNK_NOT_FOUND });
    }
  });
});

describe('PUT /user/phone-numbers/sip-trunks/{id}', () => {
  it('changes only the fields sent; the address rebuilds the outbound trunk only', async () => {
    const t = await createTrunk(alice, { outbound_proxy: false });
    const res = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_address: '198.51.100.20' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('SIP trunk updated successfully.');
    const u = res.body.data;
    expect(u).toMatchObject({ ...t, sip_address: '198.51.100.20', outbound_trunk_id: expect.any(String), updated_at: expect.any(String) });
    expect(u.outbound_trunk_id).not.toBe(t.outbound_trunk_id);
    expect(u.inbound_trunk_id).toBe(t.inbound_trunk_id);

    // The calling format and country are only stored: no rebuild.
    const fmt = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_calling_format: 'e164', country_code: 'gb' });
    expect(fmt.body.data).toMatchObject({ sip_calling_format: 'e164', country_code: 'GB', inbound_trunk_id: u.inbound_trunk_id, outbound_trunk_id: u.outbound_trunk_id });
  });

  it('a new password is stored encrypted and rebuilds both trunks; never answered', async () => {
    const t = await createTrunk(alice);
    const res = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_password: 'n3w-password' });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('n3w-password');
    expect(res.body.data.inbound_trunk_id).not.toBe(t.inbound_trunk_id);
    expect(res.body.data.outbound_trunk_id).not.toBe(t.outbound_trunk_id);
    const row = await svc.handle.db.selectFrom('phone_numbers').select('provider_secret').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(decryptSecret(svc.server.voice!.secretKey!, row.provider_secret!)).toBe('n3w-password');
  });

  it('switching to ip needs the list; with it the inbound trunk is rebuilt; switching back to auth clears it', async () => {
    const t = await createTrunk(alice);
    const bare = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { inbound_authorization_type: 'ip' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.allowed_inbound_ips).toEqual([SIP_IPS_REQUIRED]);

    const ip = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.5'] });
    expect(ip.status, ip.text).toBe(200);
    expect(ip.body.data).toMatchObject({ inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.5'], outbound_trunk_id: t.outbound_trunk_id });
    expect(ip.body.data.inbound_trunk_id).not.toBe(t.inbound_trunk_id);

    // The list alone may change while the type stays ip; emptying it is refused.
    const more = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { allowed_inbound_ips: ['203.0.113.5', '203.0.113.6'] });
    expect(more.body.data.allowed_inbound_ips).toEqual(['203.0.113.5', '203.0.113.6']);
    const empty = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { allowed_inbound_ips: [] });
    expect(empty.status).toBe(422);

    const auth = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { inbound_authorization_type: 'auth' });
    expect(auth.status).toBe(200);
    expect(auth.body.data.allowed_inbound_ips).toBeNull();
    const row = await svc.handle.db.selectFrom('phone_numbers').select('allowed_inbound_ips').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(row.allowed_inbound_ips).toBeNull();
  });

  it('checks the number against the trunk type as it will be', async () => {
    const t = await createTrunk(alice);
    const bad = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_trunk_type: 'number' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.phone_number).toEqual([SIP_NUMBER_INVALID]);
    const ok = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_trunk_type: 'number', phone_number: '+14155550142' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ sip_trunk_type: 'number', phone_number: '+14155550142' });
    const tooLong = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_trunk_type: 'extension' });
    expect(tooLong.status).toBe(422);
  });

  it('refuses a field it would not store by name, and a taken username', async () => {
    const t = await createTrunk(alice);
    const other = await createTrunk(bob);
    const unknown = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { nickname: 'x', sip_address: 'a.example' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('nickname');
    const taken = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_username: other.sip_username });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.sip_username).toEqual([SIP_USERNAME_TAKEN]);
    // Its own username again is no clash and no rebuild.
    const same = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${t.id}`, { sip_username: t.sip_username });
    expect(same.status).toBe(200);
    expect(same.body.data.inbound_trunk_id).toBe(t.inbound_trunk_id);
  });

  it("404s on another user's trunk and leaves it as it was", async () => {
    const theirs = await createTrunk(bob);
    const res = await alice.req('PUT', `/user/phone-numbers/sip-trunks/${theirs.id}`, { sip_address: 'evil.example' });
    expect(res.status).toBe(404);
    const still = await bob.req('GET', `/user/phone-numbers/sip-trunks/${theirs.id}`);
    expect(still.body.data.sip_address).toBe('sip.carrier.example');
  });
});

describe('a trunk is a number of type sip', () => {
  it('is listed by /phone-numbers/all and the assistant lookup, assignable to assistants and campaigns, released by DELETE', async () => {
    const t = await createTrunk(alice, { sip_trunk_type: 'number', phone_number: '+4940555012' });
    const all = await alice.req('GET', '/user/phone-numbers/all');
    expect(all.body.data).toContainEqual(
      expect.objectContaining({ id: t.id, phone_number: '+4940555012', type: 'sip', type_label: 'SIP', provider: 'sip', has_active_subscription: false, country_code: 'DE' }),
    );
    const lookup = await alice.req('GET', '/user/assistants/phone-numbers?type=inbound');
    expect(lookup.body).toContainEqual(expect.objectContaining({ id: t.id, type_label: 'SIP', is_available: true }));

    const inbound = await insertAssistant(svc.handle.db, alice.id, { name: 'Front desk', type: 'inbound' });
    const assign = await alice.req('PUT', `/user/assistant/${inbound.id}`, { phone_number_id: t.id });
    expect(assign.status, assign.text).toBe(200);
    const outbound = await insertAssistant(svc.handle.db, alice.id, { name: 'Caller', type: 'outbound' });
    expect((await alice.req('PUT', `/user/assistant/${outbound.id}`, { phone_number_id: t.id })).status).toBe(200);
    const campaign = await alice.req('POST', '/user/campaigns', { name: 'Trunk campaign', assistant_id: outbound.id, phone_number_ids: [t.id] });
    expect(campaign.status, campaign.text).toBeLessThan(300);

    // Bob can neither use nor release it.
    const bobs = await insertAssistant(svc.handle.db, bob.id, { name: 'Bob desk', type: 'inbound' });
    expect((await bob.req('PUT', `/user/assistant/${bobs.id}`, { phone_number_id: t.id })).status).toBe(422);
    expect((await bob.req('DELETE', `/user/phone-numbers/${t.id}`)).status).toBe(404);

    // In use: refused, naming who holds it; free: released, and gone from the trunk list.
    const held = await alice.req('DELETE', `/user/phone-numbers/${t.id}`);
    expect(held.status).toBe(422);
    expect(held.body.message).toContain('Front desk');
    await alice.req('PUT', `/user/assistant/${inbound.id}`, { phone_number_id: null });
    await alice.req('PUT', `/user/assistant/${outbound.id}`, { phone_number_id: null });
    await alice.req('DELETE', `/user/campaign/${campaign.body.data?.id ?? campaign.body.id}`);
    const released = await alice.req('DELETE', `/user/phone-numbers/${t.id}`);
    expect(released.status, released.text).toBe(200);
    expect((await alice.req('GET', `/user/phone-numbers/sip-trunks/${t.id}`)).status).toBe(404);
    // Its username is free again.
    await createTrunk(bob, { sip_username: t.sip_username });
  });
});

describe('GET /api/local/info', () => {
  it("tells the SIP address to hand a carrier: PUBLIC_URL's host and 5060 by default, not enabled", async () => {
    const res = await fetch(`${svc.api}/local/info`);
    const body = (await res.json()) as { sip: unknown };
    expect(body.sip).toEqual({ address: '127.0.0.1', port: 5060, enabled: false });
  });
});

describe('without ALLOW_PRIVATE_URLS and without a key', () => {
  it('refuses a private or loopback address, and answers 503 naming SECRET_KEY when the password cannot be sealed', async () => {
    const strict = await startTestService({ allowPrivateUrls: false });
    try {
      const user = await strict.user();
      for (const host of ['127.0.0.1', '10.1.2.3', 'localhost', '[::1]', '192.168.0.10']) {
        const res = await user.req('POST', '/user/phone-numbers/sip-trunks', trunkBody({ sip_address: host }));
        expect(res.status, host).toBe(422);
        expect(res.body.errors.sip_address).toEqual([SIP_ADDRESS_PRIVATE]);
      }
      const res = await user.req('POST', '/user/phone-numbers/sip-trunks', trunkBody());
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: NO_SECRET_KEY_SIP });
      expect((await user.req('GET', '/user/phone-numbers/sip-trunks')).body).toEqual({ data: [] });
      const info = (await (await fetch(`${strict.api}/local/info`)).json()) as { sip: unknown };
      expect(info.sip).toEqual({ address: null, port: 5060, enabled: false });
    } finally {
      await strict.close();
    }
  });
});
