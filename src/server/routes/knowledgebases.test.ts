import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busOf, type ServiceEvent } from '../events/bus';
import { insertAssistant } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { expect422 } from '../test/requests';
import { htmlPage, makeDocx, makePdf, makeScannedPdf, uploadDocument, type Section } from '../test/knowledge-files';
import { startSite, type TestSite } from '../test/stand-ins/website';
import { claimDocuments, processDocument, processKnowledgeDocuments } from '../knowledge/worker';
import { searchKnowledge } from '../knowledge/search';
import { KNOWLEDGE_FILE_TOO_LARGE, KNOWLEDGE_LIMITS } from '../../contract';

/*
 * Knowledge bases end to end over real HTTP: real files made here (pdf-lib, docx, text), a real website on
 * 127.0.0.1, the worker driven by hand, and search over what it stored.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let site: TestSite;
const events: ServiceEvent[] = [];

const filler = (topic: string, n = 40) =>
  Array.from({ length: n }, (_, i) => ['customers', 'often', 'ask', 'about', topic, 'and', 'we', 'explain', 'it', 'carefully'][i % 10]).join(' ') + '.';

const manual: Section[] = [
  { heading: 'Warranty', paragraphs: ['Every Famulus kettle carries a warranty of three years from the date of purchase.', filler('guarantees')] },
  { heading: 'Descaling', paragraphs: ['Descale the kettle every month with citric acid dissolved in warm water.', filler('limescale')] },
  { heading: 'Returns', paragraphs: ['Unused products may be returned within thirty days for a full refund.', filler('refunds')] },
];

const work = () => processKnowledgeDocuments(svc.handle.db, { allowPrivate: true });

async function newBase(user: TestUser, body: Record<string, unknown> = { name: 'Manuals' }): Promise<number> {
  const res = await user.req('POST', '/user/knowledgebases', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

async function documentOf(user: TestUser, baseId: number, id: number) {
  const res = await user.req('GET', `/user/knowledgebases/${baseId}/documents/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  svc = await startTestService();
  alice = await svc.user();
  bob = await svc.user();
  busOf(svc.handle.db).subscribe(alice.id, (e) => events.push(e));
  site = await startSite({
    '/': htmlPage('Famulus Help', [{ heading: 'Opening hours', paragraphs: ['Our support line is open from eight in the morning until six in the evening, Monday to Friday.', filler('hours')] }], ['/shipping', '/contact', '/files/manual.pdf', 'https://elsewhere.example.com/']),
    '/shipping': htmlPage('Shipping', [{ heading: 'Delivery times', paragraphs: ['Parcels to Austria arrive within four working days.', filler('parcels')] }], ['/']),
    '/contact': htmlPage('Contact', [{ heading: 'Email', paragraphs: ['Write to help@famulus.example for anything else.', filler('mail')] }], ['/secret']),
    '/secret': htmlPage('Secret', [{ heading: 'Hidden', paragraphs: ['This page is two links away.', filler('hidden')] }]),
  });
}, 60_000);

afterAll(async () => {
  await site.close();
  await svc.close();
});

describe('knowledge bases', () => {
  it('are created empty, listed, read, renamed and kept apart from other users', async () => {
    const create = await alice.req('POST', '/user/knowledgebases', { name: 'Product docs', description: 'Manuals', language: 'german' });
    expect(create.status).toBe(201);
    expect(create.body).toMatchObject({
      message: 'Knowledgebase created successfully.',
      data: { name: 'Product docs', description: 'Manuals', status: 'empty', status_label: 'Empty', documents_count: 0, assistants_count: 0, language: 'german' },
    });
    expect(create.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const id = create.body.data.id as number;
    expect((await alice.req('GET', '/user/knowledgebases')).body.data.map((k: { id: number }) => k.id)).toContain(id);
    expect((await bob.req('GET', '/user/knowledgebases')).body.data).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/user/knowledgebases/${id}`],
      ['PUT', `/user/knowledgebases/${id}`, { name: 'Mine now' }],
      ['DELETE', `/user/knowledgebases/${id}`],
      ['GET', `/user/knowledgebases/${id}/documents`],
      ['POST', `/user/knowledgebases/${id}/documents`, { name: 'x', type: 'website', url: 'https://example.com' }],
      ['POST', `/user/knowledgebases/${id}/search`, { query: 'manual' }],
    ] as const) {
      const res = await bob.req(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ message: 'Knowledgebase not found.' });
    }
    const renamed = await alice.req('PUT', `/user/knowledgebases/${id}`, { name: 'Handbooks', description: null });
    expect(renamed.body).toMatchObject({ message: 'Knowledgebase updated successfully.', data: { name: 'Handbooks', description: null } });
    expect((await alice.req('PUT', `/user/knowledgebases/${id}`, { status: 'active' })).status).toBe(422);
    expect422(await alice.req('POST', '/user/knowledgebases', { name: '' }), { name: ['The name field is required.'] });
    expect422(await alice.req('POST', '/user/knowledgebases', { name: 'x', language: 'klingon' }), { language: ['The selected language is invalid.'] });
    expect((await alice.req('DELETE', `/user/knowledgebases/${id}`)).body).toEqual({ message: 'Knowledgebase deleted successfully.' });
    expect((await alice.req('GET', `/user/knowledgebases/${id}`)).status).toBe(404);
  });

  it('reads a text file, a PDF and a Word document into passages that keep their headings, and finds them', async () => {
    const id = await newBase(alice);
    const text = manual.map((s) => `# ${s.heading}\n\n${s.paragraphs.join('\n\n')}`).join('\n\n');
    const txt = await uploadDocument(svc.api, alice, id, { name: 'Manual (text)', type: 'txt' }, { name: 'manual.txt', bytes: Buffer.from(text) });
    expect(txt.status, txt.text).toBe(201);
    expect(txt.body).toMatchObject({ message: 'Document created successfully. Processing will begin shortly.', data: { type: 'txt', type_label: 'TXT', status: 'processing', status_label: 'Processing', size_bytes: Buffer.byteLength(text), passages_count: 0, error: null } });
    const pdf = await uploadDocument(svc.api, alice, id, { name: 'Manual (PDF)', type: 'pdf', description: 'Printed' }, { name: 'manual.pdf', bytes: await makePdf(manual) });
    const docx = await uploadDocument(svc.api, alice, id, { name: 'Manual (Word)', type: 'docx' }, { name: 'manual.docx', bytes: await makeDocx(manual) });
    expect([pdf.status, docx.status]).toEqual([201, 201]);
    expect((await alice.req('GET', `/user/knowledgebases/${id}`)).body.data).toMatchObject({ status: 'processing', documents_count: 3, documents_by_status: { processing: 3, active: 0, failed: 0 } });

    expect(await work()).toBe(3);
    for (const doc of [txt, pdf, docx]) {
      const read = await documentOf(alice, id, doc.body.data.id);
      expect(read, doc.body.data.name).toMatchObject({ status: 'active', status_label: 'Active', error: null });
      expect(read.passages_count).toBe(3);
    }
    const rows = await svc.handle.db.selectFrom('knowledge_passages').select(['document_id', 'heading', 'content']).where('knowledgebase_id', '=', id).orderBy('id').execute();
    for (const doc of [txt, pdf, docx]) {
      const mine = rows.filter((r) => r.document_id === doc.body.data.id);
      expect(mine.map((r) => r.heading), doc.body.data.name).toEqual(['Warranty', 'Descaling', 'Returns']);
      expect(mine[0]!.content).toMatch(/^Every Famulus kettle carries a warranty of three years/);
    }
    expect((await alice.req('GET', `/user/knowledgebases/${id}`)).body.data).toMatchObject({ status: 'active', status_label: 'Active', documents_by_status: { processing: 0, active: 3, failed: 0 } });

    const found = await alice.req('POST', `/user/knowledgebases/${id}/search`, { query: 'How long is the warranty?', limit: 3 });
    expect(found.status, found.text).toBe(200);
    expect(found.body.data).toHaveLength(3);
    for (const hit of found.body.data) {
      expect(hit.heading).toBe('Warranty');
      expect(hit.excerpt).toMatch(/warranty of three years/);
      expect(hit.headline.map((s: { text: string }) => s.text).join('')).toBe(hit.excerpt);
      expect(hit.headline.filter((s: { match: boolean }) => s.match).map((s: { text: string }) => s.text.toLowerCase())).toContain('warranty');
      expect(hit.rank).toBeGreaterThan(0);
    }
    expect(new Set(found.body.data.map((h: { document_name: string }) => h.document_name))).toEqual(new Set(['Manual (text)', 'Manual (PDF)', 'Manual (Word)']));
    const descale = await alice.req('POST', `/user/knowledgebases/${id}/search`, { query: 'descaling citric acid' });
    expect(descale.body.data[0].heading).toBe('Descaling');
    expect((await alice.req('POST', `/user/knowledgebases/${id}/search`, { query: 'the and of' })).body.data).toEqual([]);
    expect422(await alice.req('POST', `/user/knowledgebases/${id}/search`, { query: '' }), { query: ['The query field is required.'] });
  }, 60_000);

  it('reads a website and the pages it links to on the same site, up to the limit', async () => {
    const id = await newBase(alice);
    site.hits.length = 0;
    const res = await alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'Help site', type: 'website', url: `${site.base}/moved`, relative_links_limit: 2 });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'website', type_label: 'Website', url: `${site.base}/moved`, size_bytes: null });
    await work();
    const doc = await documentOf(alice, id, res.body.data.id);
    expect(doc.status, doc.error).toBe('active');
    // The start page (after its redirect), then two linked pages; not the PDF, not another host, not a page two links away.
    expect(site.hits).toEqual(['/moved', '/', '/shipping', '/contact']);
    const hit = (await alice.req('POST', `/user/knowledgebases/${id}/search`, { query: 'When do parcels to Austria arrive?' })).body.data[0];
    expect(hit).toMatchObject({ heading: 'Shipping › Delivery times', document_name: 'Help site' });
    expect(hit.excerpt).toMatch(/^Parcels to Austria arrive within four working days\./);

    const listed = await alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'One page', type: 'website', links: [{ link: `${site.base}/secret` }] });
    expect(listed.status).toBe(201);
    expect(listed.body.data.url).toBe(`${site.base}/secret`);
    await work();
    expect((await documentOf(alice, id, listed.body.data.id)).passages_count).toBe(1);
  }, 60_000);

  it('fails documents it cannot read, with a reason a person understands', async () => {
    const id = await newBase(alice);
    const closed = await startSite({});
    await closed.close();
    const cases: [string, Promise<{ body: { data: { id: number } } }>, RegExp][] = [
      ['unreachable site', alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'Gone', type: 'website', url: `${closed.base}/` }), /could not be reached: the connection was refused/],
      ['missing page', alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'Missing', type: 'website', url: `${site.base}/nope` }), /answered HTTP 404 \(not found\)/],
      ['broken PDF', uploadDocument(svc.api, alice, id, { name: 'Broken', type: 'pdf' }, { name: 'broken.pdf', bytes: Buffer.from('%PDF-1.7\nthis is not really a PDF') }), /could not be read as a PDF/],
      ['scanned PDF', makeScannedPdf().then((bytes) => uploadDocument(svc.api, alice, id, { name: 'Scan', type: 'pdf' }, { name: 'scan.pdf', bytes })), /no text to read: it may be scanned pages/],
      ['broken DOCX', uploadDocument(svc.api, alice, id, { name: 'Zip', type: 'docx' }, { name: 'x.docx', bytes: Buffer.from('PK\u0003\u0004 not a zip at all') }), /could not be read as a Word document/],
    ];
    const created = await Promise.all(cases.map(([, p]) => p));
    await work();
    for (const [i, [what, , reason]] of cases.entries()) {
      const doc = await documentOf(alice, id, created[i]!.body.data.id);
      expect(doc.status, what).toBe('failed');
      expect(doc.status_label).toBe('Failed');
      expect(doc.error, what).toMatch(reason);
    }
    expect((await alice.req('GET', `/user/knowledgebases/${id}`)).body.data).toMatchObject({ status: 'failed', documents_by_status: { failed: 5 } });
  }, 60_000);

  it('refuses a file that is missing, too large, empty or not of its type on the field, at once', async () => {
    const id = await newBase(alice);
    expect422(await alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'No file', type: 'pdf' }), { file: ['A file is required for this document type.'] });
    expect422(await uploadDocument(svc.api, alice, id, { name: 'No file', type: 'pdf' }), { file: ['A file is required for this document type.'] });
    const big = new Uint8Array(KNOWLEDGE_LIMITS.fileMaxBytes + 1).fill(0x41);
    expect422(await uploadDocument(svc.api, alice, id, { name: 'Big', type: 'txt' }, { name: 'big.txt', bytes: big }), { file: [KNOWLEDGE_FILE_TOO_LARGE] });
    expect422(await uploadDocument(svc.api, alice, id, { name: 'Empty', type: 'txt' }, { name: 'e.txt', bytes: new Uint8Array() }), { file: ['The file is empty.'] });
    expect422(await uploadDocument(svc.api, alice, id, { name: 'Text', type: 'pdf' }, { name: 'a.pdf', bytes: Buffer.from('plain words') }), { file: ['The file field must be a file of type: pdf.'] });
    expect422(await uploadDocument(svc.api, alice, id, { name: 'Pdf', type: 'docx' }, { name: 'a.docx', bytes: await makeScannedPdf() }), { file: ['The file field must be a file of type: docx.'] });
    expect422(await alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'Site', type: 'website' }), { url: ['The url field is required when links is not present.'] });
    expect422(await alice.req('POST', `/user/knowledgebases/${id}/documents`, { name: 'Site', type: 'website', url: 'ftp://x', relative_links_limit: 51 }), {
      url: ['The url field must be a valid URL.'],
      relative_links_limit: ['The relative links limit field must not be greater than 50.'],
    });
    const garbled = await fetch(`${svc.api}/user/knowledgebases/${id}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'multipart/form-data; boundary=zzz' },
      body: '--x\r\nnot a form',
    });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toEqual({ message: 'The request body is not valid multipart/form-data.' });
    expect((await alice.req('GET', `/user/knowledgebases/${id}/documents`)).body.data).toEqual([]);
  }, 60_000);

  it('renames and deletes documents; the base follows them, and its assistants lose it when it is deleted', async () => {
    const id = await newBase(alice);
    const doc = await uploadDocument(svc.api, alice, id, { name: 'Notes', type: 'txt' }, { name: 'n.txt', bytes: Buffer.from('Plain notes about the garden.') });
    const docId = doc.body.data.id as number;
    const renamed = await alice.req('PUT', `/user/knowledgebases/${id}/documents/${docId}`, { name: 'Garden notes', description: 'Spring' });
    expect(renamed.body).toMatchObject({ message: 'Document updated successfully.', data: { name: 'Garden notes', description: 'Spring' } });
    expect((await alice.req('PUT', `/user/knowledgebases/${id}/documents/${docId}`, { type: 'pdf' })).status).toBe(422);
    expect((await bob.req('GET', `/user/knowledgebases/${id}/documents/${docId}`)).body).toEqual({ message: 'Knowledgebase not found.' });
    const other = await newBase(alice);
    expect((await alice.req('GET', `/user/knowledgebases/${other}/documents/${docId}`)).body).toEqual({ message: 'Document not found.' });
    await work();
    expect((await alice.req('DELETE', `/user/knowledgebases/${id}/documents/${docId}`)).body).toEqual({ message: 'Document deleted successfully.' });
    expect((await alice.req('GET', `/user/knowledgebases/${id}`)).body.data).toMatchObject({ status: 'empty', documents_count: 0 });
    expect(await svc.handle.db.selectFrom('knowledge_passages').select('id').where('document_id', '=', docId).execute()).toEqual([]);

    const assistant = await insertAssistant(svc.handle.db, alice.id);
    await svc.handle.db.updateTable('assistants').set({ knowledgebase_id: id, knowledgebase_mode: 'prompt' }).where('id', '=', assistant.id).execute();
    expect((await alice.req('GET', `/user/knowledgebases/${id}`)).body.data.assistants_count).toBe(1);
    await alice.req('DELETE', `/user/knowledgebases/${id}`);
    const row = await svc.handle.db.selectFrom('assistants').select('knowledgebase_id').where('id', '=', assistant.id).executeTakeFirstOrThrow();
    expect(row.knowledgebase_id).toBeNull();
  });

  it('publishes the document and the base as they change', async () => {
    events.length = 0;
    const id = await newBase(alice);
    const doc = await uploadDocument(svc.api, alice, id, { name: 'Live', type: 'txt' }, { name: 'l.txt', bytes: Buffer.from('Words to index.') });
    await work();
    const docId = doc.body.data.id as number;
    expect(events).toEqual([
      { type: 'knowledgebase.updated', user_id: alice.id, id, status: 'empty' },
      { type: 'knowledge_document.updated', user_id: alice.id, id: docId, status: 'processing', knowledgebase_id: id },
      { type: 'knowledgebase.updated', user_id: alice.id, id, status: 'processing' },
      { type: 'knowledge_document.updated', user_id: alice.id, id: docId, status: 'active', knowledgebase_id: id },
      { type: 'knowledgebase.updated', user_id: alice.id, id, status: 'active' },
    ]);
  });
});

describe('the document worker', () => {
  it('takes over a document whose worker died once its lease runs out, and the dead claim stores nothing', async () => {
    const db = svc.handle.db;
    const id = await newBase(alice);
    const doc = await uploadDocument(svc.api, alice, id, { name: 'Resumed', type: 'txt' }, { name: 'r.txt', bytes: Buffer.from('# Resumed\n\nThis document survives a killed worker.') });
    // A worker claims it and dies (never comes back to it).
    const [dead] = await claimDocuments(db, 10, 300);
    expect(dead?.id).toBe(doc.body.data.id);
    // While the lease holds, nobody else takes it.
    expect(await claimDocuments(db, 10, 300)).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    expect(await work()).toBe(1);
    const read = await documentOf(alice, id, doc.body.data.id);
    expect(read).toMatchObject({ status: 'active', passages_count: 1 });
    // The dead worker wakes up and finishes: its claim is no longer the document's, so nothing changes.
    await processDocument(db, dead!, { allowPrivate: true });
    const passages = await db.selectFrom('knowledge_passages').select('id').where('document_id', '=', doc.body.data.id).execute();
    expect(passages).toHaveLength(1);
    const row = await db.selectFrom('knowledge_documents').select(['attempts', 'content']).where('id', '=', doc.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 2, content: null });
  });

  it('fails a document for good after the attempts that never finished', async () => {
    const db = svc.handle.db;
    const id = await newBase(alice);
    const doc = await uploadDocument(svc.api, alice, id, { name: 'Killer', type: 'txt' }, { name: 'k.txt', bytes: Buffer.from('It kills its worker.') });
    for (let i = 0; i < 3; i++) {
      expect(await claimDocuments(db, 10, 1)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 20));
    }
    await work();
    expect(await documentOf(alice, id, doc.body.data.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/after 3 attempts/) });
  });

  it('never processes one document twice when workers run side by side', async () => {
    const db = svc.handle.db;
    const id = await newBase(alice);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await uploadDocument(svc.api, alice, id, { name: `Doc ${i}`, type: 'txt' }, { name: `${i}.txt`, bytes: Buffer.from(`# Part ${i}\n\nThe text of part number ${i}.`) });
      ids.push(res.body.data.id as number);
    }
    const counts = await Promise.all([work(), work(), work()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
    const rows = await db.selectFrom('knowledge_documents').select(['id', 'attempts', 'status', 'passages_count']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.attempts === 1 && r.status === 'active' && r.passages_count === 1)).toBe(true);
  });

  it('searches only the caller\'s base (searchKnowledge, as the conversations use it)', async () => {
    const id = await newBase(alice);
    await uploadDocument(svc.api, alice, id, { name: 'Secret', type: 'txt' }, { name: 's.txt', bytes: Buffer.from('The vault code is hidden under the blue carpet.') });
    await work();
    expect((await searchKnowledge(svc.handle.db, alice.id, id, 'vault code', 5)).map((h) => h.excerpt)).toEqual(['The vault code is hidden under the blue carpet.']);
    await expect(searchKnowledge(svc.handle.db, bob.id, id, 'vault code', 5)).rejects.toThrow('Knowledgebase not found.');
  });

  it('searches German bases with German stemming', async () => {
    const id = await newBase(alice, { name: 'Handbuch', language: 'german' });
    await uploadDocument(svc.api, alice, id, { name: 'Garantie', type: 'txt' }, { name: 'g.txt', bytes: Buffer.from('# Garantie\n\nDie Garantie für alle Geräte beträgt drei Jahre ab dem Kaufdatum.') });
    await work();
    const hit = (await alice.req('POST', `/user/knowledgebases/${id}/search`, { query: 'Wie lange gilt die Garantie für mein Gerät?' })).body.data[0];
    expect(hit.heading).toBe('Garantie');
    expect(hit.headline.filter((s: { match: boolean }) => s.match).map((s: { text: string }) => s.text)).toEqual(['Garantie', 'Geräte']);
  });
});
