import { safeParse } from 'zod/v4/core';
import { knowledgeDocumentAnswerSchema, type KnowledgeDocument, type KnowledgeFileType } from '@contract/knowledge-read';
import { ApiError } from '@/api/errors';
import { errorFromAnswer, errorFromFailure } from '@/api/errors';
import { apiBaseUrlOf, expireSession, getSession } from '@/api/session';
import { buildUrl } from '@/api/client';
import { m } from '@/i18n';

/*
 * POST /user/knowledgebases/{id}/documents as multipart/form-data (`name`, `type`, `file`): the one request
 * of the console that is not the fetch client's, because fetch cannot tell how much of a body has gone
 * out and a 20 MB upload needs its progress shown. XMLHttpRequest's upload events can. Everything else
 * is as the client does it: the session's host and token, every failure an ApiError (a 422 with the
 * file's field error, a 401 ending the session), the answer read with the contract's lenient reader.
 * Never repeated: an upload that failed half-way is the person's to send again.
 */

export interface UploadInput {
  knowledgeBaseId: number;
  file: File;
  name: string;
  type: KnowledgeFileType;
  /** Called with the share sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Longest wait for the whole upload and its answer. */
  timeoutMs?: number;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function uploadDocument({ knowledgeBaseId, file, name, type, onProgress, signal, timeoutMs = 10 * 60_000 }: UploadInput): Promise<KnowledgeDocument> {
  const session = getSession();
  const token = session?.token ?? null;
  const path = `/user/knowledgebases/${knowledgeBaseId}/documents`;
  const url = buildUrl(apiBaseUrlOf(session?.host), path);
  const ctx = { method: 'POST', path, secret: token };

  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = timeoutMs;
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      done();
      const answer = { status: xhr.status, headers: headersOf(xhr), text: xhr.responseText, url: xhr.responseURL };
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = errorFromAnswer(answer, ctx);
        if (error.kind === 'unauthorized' && token) expireSession(token);
        return reject(error);
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        return reject(errorFromAnswer({ ...answer, status: xhr.status }, ctx));
      }
      const parsed = safeParse(knowledgeDocumentAnswerSchema, body);
      if (parsed.success) return resolve(parsed.data);
      reject(new ApiError({ kind: 'unexpected-response', status: xhr.status, method: 'POST', path, body, message: m.shell_api_unreadable_change({ advice: m.shell_api_check_before_retry() }) }));
    };
    xhr.onerror = () => {
      done();
      reject(errorFromFailure(new Error('network'), { ...ctx, timedOut: false, timeoutMs }));
    };
    xhr.ontimeout = () => {
      done();
      reject(errorFromFailure(new Error('timeout'), { ...ctx, timedOut: true, timeoutMs }));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    };

    const form = new FormData();
    form.append('name', name);
    form.append('type', type);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
