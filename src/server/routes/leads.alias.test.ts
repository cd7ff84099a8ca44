import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertCampaign } from '../test/fixtures';

/*
 * PUT /api/leads/{id}: the path the hosted documentation prints for a lead update (without /user).
 * The same handler as PUT /api/user/leads/{id}; these tests check it is mounted with the same rules.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let aliceCampaign: number;
let aliceOther: number;
let bobCampaign: number;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  aliceCampaign = (await insertCampaign(svc.handle.db, alice.id, { name: 'A' })).id;
  aliceOther = (await insertCampaign(svc.handle.db, alice.id, { name: 'A2' })).id;
  bobCampaign = (await insertCampaign(svc.handle.db, bob.id, { name: 'B' })).id;
}, { rateLimitPerMinute: 1000 });

async function lead(user: TestUser, campaign_id: number) {
  const res = await user.req('POST', '/user/lead', { campaign_id, phone_number: '+4930901820', allow_dupplicate: true, variables: { customer_name: 'Ada' } });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

describe('PUT /leads/{id}', () => {
  it('updates a lead as PUT /user/leads/{id} does', async () => {
    const id = await lead(alice, aliceCampaign);
    const res = await alice.req('PUT', `/leads/${id}`, {
      campaign_id: String(aliceOther),
      phone_number: '+49 30 901821',
      variables: { email: 'ada@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Lead updated successfully' });
    const list = (await alice.req('GET', '/user/leads')).body as { id: number; campaign_id: number; phone_number: string; variables: object }[];
    expect(list.find((l) => l.id === id)).toMatchObject({
      campaign_id: aliceOther,
      phone_number: '+4930901821',
      variables: { customer_name: 'Ada', email: 'ada@example.com' },
    });
  });

  it('keeps the same refusals: unknown fields, status, bad phone', async () => {
    const id = await lead(alice, aliceCampaign);
    const extra = await alice.req('PUT', `/leads/${id}`, { name: 'x', status: 'created' });
    expect(extra.status).toBe(422);
    expect(extra.body).toEqual({ message: 'The following fields cannot be updated: name' });
    const status = await alice.req('PUT', `/leads/${id}`, { status: 'completed' });
    expect(status.status).toBe(422);
    expect(status.body.errors).toHaveProperty('status');
    expect((await alice.req('PUT', `/leads/${id}`, { phone_number: 'nope' })).status).toBe(422);
  });

  it('never reaches another user’s lead or campaign', async () => {
    const bobs = await lead(bob, bobCampaign);
    const res = await alice.req('PUT', `/leads/${bobs}`, { variables: { hijacked: true } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Lead not found' });
    const own = await lead(alice, aliceCampaign);
    const move = await alice.req('PUT', `/leads/${own}`, { campaign_id: bobCampaign });
    expect(move.status).toBe(404);
    expect(move.body).toEqual({ message: 'Campaign not found' });
    const bobList = (await bob.req('GET', '/user/leads')).body as { id: number; variables: object }[];
    expect(bobList.find((l) => l.id === bobs)?.variables).toEqual({ customer_name: 'Ada' });
  });

  it('needs a token and counts against the same rate limit', async () => {
    const res = await fetch(`${svc.api}/leads/1`, { method: 'PUT', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });

    const before = await alice.req('GET', '/user/leads');
    const after = await alice.req('PUT', '/leads/999999', {});
    expect(after.status).toBe(404);
    expect(Number(after.headers.get('X-RateLimit-Remaining'))).toBe(Number(before.headers.get('X-RateLimit-Remaining')) - 1);
  });

  it('is the only lead route outside /user', async () => {
    expect((await alice.req('GET', '/leads')).status).toBe(404);
    expect((await alice.req('DELETE', '/leads/1')).status).toBe(404);
  });
});
