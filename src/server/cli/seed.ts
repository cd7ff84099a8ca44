import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { issueToken } from '../auth/tokens';
import { foldCallCounts } from '../db/call-counts';
import { DataDirLockedError } from '../db/lock';
import { generateCalls } from '../seed/calls';
import { DEMO_EMAIL } from '../seed/demo';
import { seedSmallAccount } from '../seed/small-account';
import { openConfiguredDatabase } from './open';

/*
 * `npm run seed -- --calls 100000 [--email demo@example.com] [--days 60] [--seed N]`: adds N generated
 * calls for that user (made, with a little demo data, when missing), for benchmarks and big call logs.
 * Like `npm run token`, it refuses while a running service holds the embedded database.
 */

const USAGE = 'Usage: npm run seed -- --calls 100000 [--email demo@example.com] [--days 60] [--seed 1]';

function positiveInt(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be a whole number from 1 to ${max.toLocaleString('en-US')}, got "${raw}".\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        calls: { type: 'string' },
        email: { type: 'string' },
        days: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = positiveInt('calls', values.calls as string | undefined, 100_000, 10_000_000);
  const days = positiveInt('days', values.days as string | undefined, 60, 3650);
  const email = String(values.email ?? DEMO_EMAIL).trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error(`Not an email address: "${email}".\n${USAGE}`);
    process.exit(2);
  }

  const handle = await openConfiguredDatabase(loadConfig());
  try {
    const { db } = handle;
    let newToken: string | null = null;
    let user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const assistants = user
      ? await db
          .selectFrom('assistants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      : { n: 0 };
    if (!user || Number(assistants.n) === 0) {
      console.log(user ? `${email} has no assistants: adding a little demo data first…` : `Creating ${email} with a little demo data…`);
      const made = await db.transaction().execute(async (trx) => {
        let id = user?.id;
        if (id === undefined) {
          const issued = await issueToken(trx, email);
          id = issued.userId;
          newToken = issued.token;
        }
        await seedSmallAccount(trx, id);
        return id;
      });
      user = { id: made };
    }

    const existing = await db
      .selectFrom('calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // Each run its own seed by default (the calls so far), so a second run adds different calls.
    const seed = positiveInt('seed', values.seed as string | undefined, 1 + Number(existing.n), 2 ** 31);

    console.log(`Adding ${count.toLocaleString('en-US')} calls over the last ${days} days for ${email} (${handle.kind}: ${handle.location})…`);
    const t0 = performance.now();
    const step = Math.max(500, Math.ceil(count / 20 / 500) * 500);
    let lastShown = 0;
    await generateCalls(db, user.id, count, {
      days,
      seed,
      onProgress(done, total) {
        if (done - lastShown < step && done < total) return;
        lastShown = done;
        const s = (performance.now() - t0) / 1000;
        const pct = Math.round((done / total) * 100);
        console.log(`  ${done.toLocaleString('en-US').padStart(total.toLocaleString('en-US').length)} / ${total.toLocaleString('en-US')} calls  ${String(pct).padStart(3)}%  ${s.toFixed(1)} s`);
      },
    });
    // The call log's counts got one change per batch; folded now, the first count reads a few rows.
    await foldCallCounts(db, user.id);
    // PGlite has no autovacuum: without fresh statistics the planner keeps the plan of an empty table, and
    // without the visibility map the log's counts cannot use index-only scans.
    await sql`VACUUM ANALYZE calls`.execute(db);
    const s = (performance.now() - t0) / 1000;
    console.log(`Added ${count.toLocaleString('en-US')} calls in ${s.toFixed(1)} s (${Math.round(count / s).toLocaleString('en-US')} calls/s).`);
    if (newToken) console.log(`API token for ${email}: ${newToken}`);
  } finally {
    await handle.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError ? e.message : e);
  process.exit(e instanceof DataDirLockedError ? 2 : 1);
});
