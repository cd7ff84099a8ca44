import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { issueToken } from '../auth/tokens';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { request } from '../test/harness';
import { startServiceProcess, stopServiceProcess, urlWithSchema } from '../test/service-process';
import { callsInFlight, insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { startReceiver, type TestReceiver } from '../test/stand-ins/webhook-receiver';
import { webhookSecretOf } from '../webhooks/secret';

/*
 * Two service processes (`npm start`'s entry point) on one PostgreSQL schema, on the real clock, sharing a
 * campaign of 40 leads dialled 10 at a time: each contact is dialled exactly once, each call's webhook
 * reaches the receiver exactly once, and both processes dialled some of them (DIALER_LOG lines, told apart
 * by the stream they came from). Leads mix the test numbers so lines free up at different moments and
 * the dialling is spread over many ticks: 0100 completed (11 s), 0103 voicemail (8 s, completed: the
 * campaign does not retry voicemail), and busy (3 s) or failed (1 s) primaries whose secondary contact
 * 0100 then completes.
 */

const pgUrl = process.env.TEST_DATABASE_URL;

interface Service {
  child: ChildProcess;
  api: string;
  /** Call ids this process's dialler placed. */
  dialled: number[];
  output: string[];
}

const services: Service[] = [];
let handle: DatabaseHandle | undefined;
let receiver: TestReceiver | undefined;
let schema: string | undefined;

afterAll(async () => {
  await Promise.all(services.map((s) => stop(s)));
  await receiver?.close();
  if (handle && schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
  await handle?.close();
});

const stop = (s: Service): Promise<void> => stopServiceProcess(s.child);

async function startService(databaseUrl: string): Promise<Service> {
  const dialled: number[] = [];
  const started = await startServiceProcess(
    { DATABASE_URL: databaseUrl, ENGINE_TICK_MS: '50', ALLOW_PRIVATE_WEBHOOKS: '1', DIALER_LOG: '1', RATE_LIMIT_PER_MINUTE: '100000', DATABASE_POOL_SIZE: '5' },
    (line) => {
      const dial = /\[dialer \d+\] campaign \d+ lead \d+ contact \d+ call (\d+)/.exec(line);
      if (dial) dialled.push(Number(dial[1]));
    },
  );
  const service: Service = { ...started, dialled };
  services.push(service);
  return service;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Area codes in service (a made-up one is refused as no valid number).
const PRIMARY_AREAS = [
  201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228,
  229, 231, 234, 239, 240, 248, 251, 252, 253, 254, 256, 260, 262, 267, 269, 270, 272, 276, 279, 281,
];
const SECONDARY_AREAS = [
  301, 302, 303, 304, 305, 307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 323,
  325, 330, 331, 334, 336, 337, 339, 340, 346, 347, 351, 352, 360, 361, 364, 380, 385, 386, 401, 402,
];

const REASON = 'needs TEST_DATABASE_URL: two service processes share one PostgreSQL server (PGlite is one process by nature)';

describe('two service processes on one PostgreSQL', () => {
  it.skipIf(!pgUrl)(
    pgUrl ? 'share a campaign: each contact dialled once, each webhook delivered once, both did some dialling' : `skipped: ${REASON}`,
    async () => {
      const url = pgUrl ?? '';
      schema = `t2p_${randomBytes(5).toString('hex')}`;
      // Made and migrated here, before either process starts (their migrations then find nothing to do).
      handle = await openDatabase({ databaseUrl: url, schema });
      const db = handle.db;
      const { token, userId } = await issueToken(db, 'two-processes@example.com');
      receiver = await startReceiver();
      receiver.secret = await webhookSecretOf(db, userId);
      const number = await insertPhoneNumber(db, userId, '+4930999000');
      const assistant = await insertAssistant(db, userId, { name: 'Shared caller', phone_number_id: number.id });
      await db
        .updateTable('assistants')
        .set({ is_webhook_active: true, webhook_url: `${receiver.url}/post-call` })
        .where('id', '=', assistant.id)
        .execute();

      const [a, b] = await Promise.all([startService(urlWithSchema(url, schema)), startService(urlWithSchema(url, schema))]);
      if (!a || !b) throw new Error('services did not start');
      const auth = { Authorization: `Bearer ${token}` };

      const created = await request(a.api, 'POST', '/user/campaigns', { name: 'Shared', assistant_id: assistant.id, max_calls_in_parallel: 10, max_retries: 1, retry_interval: 10 }, auth);
      expect(created.status).toBe(201);
      const campaignId = created.body.data.id as number;
      // Every day, all day, whenever this test runs ("24:00" cannot be sent, but the window reads it).
      await sql`UPDATE campaigns SET allowed_days = ${JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])}::jsonb,
        allowed_hours_start_time = '00:00', allowed_hours_end_time = '24:00', timezone = 'UTC' WHERE id = ${campaignId}`.execute(db);

      const contactsPerLead: number[] = [];
      for (let i = 0; i < 40; i++) {
        const kind = i % 4;
        const primary = kind === 0 ? '0100' : kind === 1 ? '0103' : kind === 2 ? '0101' : '0104';
        const secondary = kind >= 2 ? [{ phone_number: `+1${SECONDARY_AREAS[i] ?? ''}5550100` }] : [];
        contactsPerLead.push(1 + secondary.length);
        // Half the leads through each process's API.
        const res = await request(i % 2 === 0 ? a.api : b.api, 'POST', '/user/lead', {
          campaign_id: campaignId,
          phone_number: `+1${PRIMARY_AREAS[i] ?? ''}555${primary}`,
          secondary_contacts: secondary,
        }, auth);
        expect(res.status).toBe(200);
      }
      const contacts = contactsPerLead.reduce((x, y) => x + y, 0);
      expect(contacts).toBe(60);

      const started = await request(b.api, 'POST', '/user/campaigns/update-status', { campaign_id: campaignId, action: 'start' }, auth);
      expect(started.status).toBe(200);

      let peak = 0;
      await until(
        'the campaign to complete',
        async () => {
          peak = Math.max(peak, await callsInFlight(db, campaignId));
          const row = await db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
          return row.status === 'completed';
        },
        150_000,
      );
      expect(peak).toBeLessThanOrEqual(10);

      const calls = await db.selectFrom('calls').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
      const leads = await db.selectFrom('leads').selectAll().where('campaign_id', '=', campaignId).execute();
      // Each contact dialled exactly once: no lead attempt twice, none forgotten.
      expect(calls).toHaveLength(contacts);
      expect(new Set(calls.map((c) => c.lead_id)).size).toBe(contacts);
      expect(new Set(leads.map((l) => l.id))).toEqual(new Set(calls.map((c) => c.lead_id)));
      for (const l of leads.filter((x) => x.parent_lead_id === null)) expect(l).toMatchObject({ status: 'completed', attempts: 0, live_call_id: null });

      // Both processes dialled; together exactly the calls there are, none claimed twice.
      expect(a.dialled.length, 'calls dialled by process A').toBeGreaterThan(0);
      expect(b.dialled.length, 'calls dialled by process B').toBeGreaterThan(0);
      expect([...a.dialled, ...b.dialled].sort((x, y) => x - y)).toEqual(calls.map((c) => c.id));

      // One webhook per call, each received once (by webhook-id), signed; none sent twice even later.
      await receiver.waitFor(contacts, 60_000);
      await new Promise((r) => setTimeout(r, 2_000));
      const received = receiver.received;
      expect(received).toHaveLength(contacts);
      expect(new Set(received.map((r) => r.webhookId)).size).toBe(contacts);
      expect(received.every((r) => r.verified)).toBe(true);
      const deliveries = await db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', userId).execute();
      expect(deliveries).toHaveLength(contacts);
      expect(new Set(deliveries.map((d) => d.call_id))).toEqual(new Set(calls.map((c) => c.id)));
      expect(new Set(deliveries.map((d) => d.webhook_id))).toEqual(new Set(received.map((r) => r.webhookId)));
      for (const d of deliveries) expect(d).toMatchObject({ status: 'delivered', attempts: 1 });
      const payloadIds = received.map((r) => (r.payload as { id?: unknown } | null)?.id);
      expect(new Set(payloadIds)).toEqual(new Set(calls.map((c) => c.id)));
    },
    240_000,
  );
});
