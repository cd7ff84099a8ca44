import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { issueToken } from '../auth/tokens';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { htmlPage } from '../test/knowledge-files';
import { startServiceProcess, stopServiceProcess, urlWithSchema, type ServiceProcess } from '../test/service-process';

/*
 * Two service processes (`npm start`'s entry point, each with its own pool and knowledge worker) on one
 * PostgreSQL schema (the pattern of ../engine/two-processes.test.ts):
 * - a backlog of documents waiting before either starts is processed once: every document claimed once
 *   (attempts 1), its passages stored once, their words indexed once (knowledge_passage_terms);
 * - a process killed with SIGKILL in the middle of a document (a website that does not answer) leaves it
 *   to the other once the lease runs out (the lease is 10 minutes; the test moves its end to now, as the
 *   clock would), which finishes it; the killed claim stored nothing.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const DOCUMENTS = 60;

type Service = ServiceProcess;

const services: Service[] = [];
let handle: DatabaseHandle | undefined;
let site: http.Server | undefined;
let schema: string | undefined;

afterAll(async () => {
  // A frozen process cannot stop until it is thawed.
  for (const s of services) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGCONT');
  await Promise.all(services.map((s) => stop(s)));
  if (site) {
    site.closeAllConnections();
    await new Promise((r) => site?.close(r));
  }
  if (handle && schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
  await handle?.close();
});

const stop = (s: Service): Promise<void> => stopServiceProcess(s.child);

async function startService(databaseUrl: string): Promise<Service> {
  const service = await startServiceProcess({ DATABASE_URL: databaseUrl, ALLOW_PRIVATE_URLS: '1', DATABASE_POOL_SIZE: '5' });
  services.push(service);
  return service;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Three sections of two paragraphs: a few passages per document, each under its heading. */
function documentText(i: number): string {
  const words = (n: number, topic: string) => Array.from({ length: n }, (_, k) => `${topic}${k % 7} word${(i * 31 + k) % 97}`).join(' ');
  return [1, 2, 3].map((s) => `# Part ${i}.${s}\n\n${words(90, `topic${s}x`)}.\n\n${words(90, `detail${s}y`)}.`).join('\n\n');
}

describe('knowledge documents in two service processes', () => {
  it.skipIf(!pgUrl)(pgUrl ? 'process a backlog once between them, and finish a killed one\'s document after its lease' : 'skipped: needs TEST_DATABASE_URL', async () => {
    const url = pgUrl ?? '';
    schema = `t2k_${randomBytes(5).toString('hex')}`;
    handle = await openDatabase({ databaseUrl: url, schema });
    const db = handle.db;
    const { userId } = await issueToken(db, 'two-processes-knowledge@example.com');
    const base = await db.insertInto('knowledgebases').values({ user_id: userId, name: 'Shared backlog' }).returning('id').executeTakeFirstOrThrow();

    // The backlog, waiting before either process starts (as uploads that arrived while the service was down).
    const texts = Array.from({ length: DOCUMENTS }, (_, i) => Buffer.from(documentText(i)));
    const backlog = await db
      .insertInto('knowledge_documents')
      .values(texts.map((bytes, i) => ({ knowledgebase_id: base.id, user_id: userId, name: `Doc ${i}`, type: 'txt', file_name: `${i}.txt`, content: bytes, size_bytes: bytes.length })))
      .returning('id')
      .execute();
    const ids = backlog.map((d) => d.id);

    const [a, b] = await Promise.all([startService(urlWithSchema(url, schema)), startService(urlWithSchema(url, schema))]);
    await until('the backlog', async () => {
      const left = await db.selectFrom('knowledge_documents').select('id').where('id', 'in', ids).where('status', '=', 'processing').execute();
      return left.length === 0 ? true : undefined;
    });
    const docs = await db.selectFrom('knowledge_documents').select(['id', 'status', 'attempts', 'passages_count', 'error']).where('id', 'in', ids).orderBy('id').execute();
    expect(docs.filter((d) => d.status !== 'active')).toEqual([]);
    expect(docs.filter((d) => d.attempts !== 1)).toEqual([]);
    const stored = await sql<{ document_id: number; passages: number; positions: number }>`
      SELECT document_id, count(*)::int AS passages, count(DISTINCT position)::int AS positions
      FROM knowledge_passages WHERE knowledgebase_id = ${base.id} GROUP BY document_id ORDER BY document_id`.execute(db);
    expect(stored.rows).toEqual(docs.map((d) => ({ document_id: d.id, passages: d.passages_count, positions: d.passages_count })));
    expect(docs.every((d) => d.passages_count >= 3)).toBe(true);
    // Each passage's words once (a second store would have failed on the primary key, or doubled nothing).
    const terms = await sql<{ rows: number; expected: number }>`
      SELECT (SELECT count(*)::int FROM knowledge_passage_terms WHERE knowledgebase_id = ${base.id}) AS rows,
        (SELECT coalesce(sum(length(search)), 0)::int FROM knowledge_passages WHERE knowledgebase_id = ${base.id}) AS expected`.execute(db);
    expect(terms.rows[0]!.rows).toBe(terms.rows[0]!.expected);

    // A website that answers its first request never, the next ones with a page.
    const requests: http.ServerResponse[] = [];
    let firstArrived: () => void = () => undefined;
    const first = new Promise<void>((r) => (firstArrived = r));
    site = http.createServer((_req, res) => {
      requests.push(res);
      if (requests.length === 1) return firstArrived();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        htmlPage('Opening hours', [
          {
            heading: 'Weekdays',
            paragraphs: [
              'The bakery opens at seven in the morning and closes at six in the evening on weekdays.',
              'On public holidays it keeps the hours of a Saturday, and the café inside closes an hour earlier.',
            ],
          },
        ]),
      );
    });
    await new Promise<void>((r) => site?.listen(0, '127.0.0.1', () => r()));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

    // b is frozen, so a claims the website; then a is killed in the middle of reading it and b thaws.
    b.child.kill('SIGSTOP');
    const slow = await db
      .insertInto('knowledge_documents')
      .values({ knowledgebase_id: base.id, user_id: userId, name: 'Bakery', type: 'website', url: siteUrl, relative_links_limit: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await first;
    const claimed = await db.selectFrom('knowledge_documents').select(['status', 'attempts', 'locked_until']).where('id', '=', slow.id).executeTakeFirstOrThrow();
    expect(claimed).toMatchObject({ status: 'processing', attempts: 1 });
    expect(claimed.locked_until).not.toBeNull();
    const killed = new Promise((r) => a.child.once('exit', r));
    a.child.kill('SIGKILL');
    await killed;
    b.child.kill('SIGCONT');

    // While the lease holds, b leaves the document alone.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(requests).toHaveLength(1);
    expect(await db.selectFrom('knowledge_documents').select(['status', 'attempts']).where('id', '=', slow.id).executeTakeFirstOrThrow()).toEqual({ status: 'processing', attempts: 1 });

    // The lease runs out (moved to now rather than waited for), and b finishes the document.
    await sql`UPDATE knowledge_documents SET locked_until = now() WHERE id = ${slow.id}`.execute(db);
    const done = await until('the website', async () => {
      const row = await db.selectFrom('knowledge_documents').select(['status', 'attempts', 'passages_count', 'error']).where('id', '=', slow.id).executeTakeFirstOrThrow();
      return row.status === 'processing' ? undefined : row;
    });
    expect(done).toEqual({ status: 'active', attempts: 2, passages_count: 1, error: null });
    expect(requests).toHaveLength(2);
    const passages = await db.selectFrom('knowledge_passages').select(['heading', 'content']).where('document_id', '=', slow.id).execute();
    expect(passages).toEqual([{ heading: expect.stringContaining('Weekdays'), content: expect.stringContaining('opens at seven') }]);
    expect(b.child.exitCode).toBeNull();
  }, 300_000);
});
