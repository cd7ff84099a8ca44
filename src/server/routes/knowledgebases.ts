import { Hono } from 'hono';
import {
  createKnowledgebaseRequest,
  createKnowledgeDocumentRequest,
  KNOWLEDGE_DOCUMENT_UPDATABLE,
  KNOWLEDGE_FILE_REQUIRED,
  KNOWLEDGEBASE_UPDATABLE,
  knowledgeSearchRequest,
  updateKnowledgebaseRequest,
  updateKnowledgeDocumentRequest,
} from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { fieldError } from '../http/errors';
import { idParam, parseBody, parseOr422, parseUpdateBody, readJson } from '../http/validate';
import { createKnowledgebase, deleteKnowledgebase, getKnowledgebase, KNOWLEDGEBASE_NOT_FOUND, listKnowledgebases, updateKnowledgebase } from '../knowledge/bases';
import { createDocument, deleteDocument, DOCUMENT_NOT_FOUND, getDocument, listDocuments, updateDocument } from '../knowledge/documents';
import { searchKnowledge } from '../knowledge/search';
import { checkUpload, formFields, isFileType, readMultipart } from '../knowledge/upload';

/*
 * Knowledge bases and their documents, at the hosted paths with the hosted shapes; search is our extension.
 * A document is created `processing` and read by the worker later (knowledge/worker.ts): a website from a
 * JSON body, a file from a multipart/form-data body (field `file`, up to 20 MB).
 */
export function knowledgebaseRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();
  const baseId = (c: Parameters<typeof idParam>[0]) => idParam(c, 'id', KNOWLEDGEBASE_NOT_FOUND);
  const documentId = (c: Parameters<typeof idParam>[0]) => idParam(c, 'documentId', DOCUMENT_NOT_FOUND);

  r.get('/knowledgebases', async (c) => c.json({ data: await listKnowledgebases(db, c.var.user.id) }));

  r.post('/knowledgebases', async (c) => {
    const input = await parseBody(c, createKnowledgebaseRequest);
    const data = await createKnowledgebase(db, now, c.var.user.id, input);
    return c.json({ message: 'Knowledgebase created successfully.', data }, 201);
  });

  r.get('/knowledgebases/:id', async (c) => c.json({ data: await getKnowledgebase(db, c.var.user.id, baseId(c)) }));

  r.put('/knowledgebases/:id', async (c) => {
    const id = baseId(c);
    const input = await parseUpdateBody(c, updateKnowledgebaseRequest, KNOWLEDGEBASE_UPDATABLE);
    const data = await updateKnowledgebase(db, now, c.var.user.id, id, input);
    return c.json({ message: 'Knowledgebase updated successfully.', data });
  });

  r.delete('/knowledgebases/:id', async (c) => {
    await deleteKnowledgebase(db, c.var.user.id, baseId(c));
    return c.json({ message: 'Knowledgebase deleted successfully.' });
  });

  r.post('/knowledgebases/:id/search', async (c) => {
    const id = baseId(c);
    const input = await parseBody(c, knowledgeSearchRequest);
    return c.json({ data: await searchKnowledge(db, c.var.user.id, id, input.query, input.limit) });
  });

  r.get('/knowledgebases/:id/documents', async (c) => c.json({ data: await listDocuments(db, c.var.user.id, baseId(c)) }));

  r.post('/knowledgebases/:id/documents', async (c) => {
    const id = baseId(c);
    const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    const form = multipart ? await readMultipart(c.req.raw) : null;
    const input = parseOr422(createKnowledgeDocumentRequest, form ? formFields(form) : await readJson(c));
    let upload = null;
    if (isFileType(input.type)) {
      if (!form) throw fieldError('file', KNOWLEDGE_FILE_REQUIRED);
      upload = await checkUpload(input.type, form.get('file'));
    }
    const data = await createDocument(db, now, c.var.user.id, id, input, upload);
    return c.json({ message: 'Document created successfully. Processing will begin shortly.', data }, 201);
  });

  r.get('/knowledgebases/:id/documents/:documentId', async (c) => {
    const id = baseId(c);
    return c.json({ data: await getDocument(db, c.var.user.id, id, documentId(c)) });
  });

  r.put('/knowledgebases/:id/documents/:documentId', async (c) => {
    const id = baseId(c);
    const docId = documentId(c);
    const input = await parseUpdateBody(c, updateKnowledgeDocumentRequest, KNOWLEDGE_DOCUMENT_UPDATABLE);
    const data = await updateDocument(db, now, c.var.user.id, id, docId, input);
    return c.json({ message: 'Document updated successfully.', data });
  });

  r.delete('/knowledgebases/:id/documents/:documentId', async (c) => {
    const id = baseId(c);
    await deleteDocument(db, c.var.user.id, id, documentId(c));
    return c.json({ message: 'Document deleted successfully.' });
  });

  return r;
}
