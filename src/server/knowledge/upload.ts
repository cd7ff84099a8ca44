import {
  KNOWLEDGE_FILE_REQUIRED,
  KNOWLEDGE_FILE_TOO_LARGE,
  KNOWLEDGE_FILE_TYPES,
  KNOWLEDGE_LIMITS,
  knowledgeFileTypeMessage,
  type KnowledgeFileType,
} from '../../contract';
import { storableText } from '../outgoing/request';
import { fieldError, HttpError } from '../http/errors';

/*
 * An uploaded file (multipart/form-data, field `file`) checked before it is kept: present, not empty, at most
 * 20 MB, and its bytes what its type says (a PDF begins with %PDF-, a DOCX is a ZIP archive, a text file
 * holds no NUL bytes), so a wrong file is refused at once, on the field, rather than failing later.
 */

/** What a multipart body may hold at most: the file and the form's other fields and framing. */
export const MULTIPART_MAX_BYTES = KNOWLEDGE_LIMITS.fileMaxBytes + 1024 * 1024;

export interface CheckedUpload {
  fileName: string;
  bytes: Uint8Array;
}

export const isFileType = (type: string): type is KnowledgeFileType => (KNOWLEDGE_FILE_TYPES as readonly string[]).includes(type);

function startsWith(bytes: Uint8Array, magic: number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b);
}

/** A PDF's header may follow a little junk (readers look in the first kilobyte). */
function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

function looksLike(type: KnowledgeFileType, bytes: Uint8Array): boolean {
  if (type === 'pdf') return looksLikePdf(bytes);
  if (type === 'docx') return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
  return !bytes.subarray(0, 8192).includes(0);
}

/** The request's multipart body, read up to MULTIPART_MAX_BYTES (a bigger one is refused on `file`). */
export async function readMultipart(request: Request): Promise<FormData> {
  const tooLarge = () => fieldError('file', KNOWLEDGE_FILE_TOO_LARGE);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MULTIPART_MAX_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // The rest is left unread: Node discards a request's unread body once the answer is sent.
      if (size > MULTIPART_MAX_BYTES) {
        reader.releaseLock();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new HttpError(400, 'The request body is not valid multipart/form-data.');
  }
}

/**
 * The form's fields as the create request reads them: strings as sent, `links[0][link]` (PHP's form of a
 * list) gathered into `links`; the file is left out (checkUpload reads it).
 */
export function formFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const links: { link: string }[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string' || key === 'file') continue;
    const link = /^links\[(\d+)\](?:\[link\])?$/.exec(key);
    if (link) {
      const index = Number(link[1]);
      if (index < KNOWLEDGE_LIMITS.linksMax * 2) links[index] = { link: value };
      continue;
    }
    out[key] = value;
  }
  const given = links.filter((l) => l !== undefined);
  if (given.length > 0) out.links = given;
  return out;
}

/** The form's file for a document of `type`, checked; a 422 on `file` when it will not do. */
export async function checkUpload(type: KnowledgeFileType, file: ReturnType<FormData['get']> | undefined): Promise<CheckedUpload> {
  if (!file || typeof file === 'string') throw fieldError('file', KNOWLEDGE_FILE_REQUIRED);
  if (file.size === 0) throw fieldError('file', 'The file is empty.');
  if (file.size > KNOWLEDGE_LIMITS.fileMaxBytes) throw fieldError('file', KNOWLEDGE_FILE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!looksLike(type, bytes)) throw fieldError('file', knowledgeFileTypeMessage(type));
  return { fileName: storableText(file.name).slice(0, 255) || `upload.${type}`, bytes };
}
