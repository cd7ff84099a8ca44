import { KNOWLEDGE_LIMITS, type KnowledgeFileType } from '@contract/knowledge-read';

/*
 * What an upload may be, checked in the browser before a byte is sent: PDF, DOCX or plain text (the
 * hosted documentation's `pdf`, `docx`, `txt`), at most 20 MB, not empty. The extension decides the type
 * (browsers leave `File.type` empty for many files, and say `text/plain` for .csv and .log); a MIME type
 * that says otherwise (a renamed image) is refused too.
 */

const BY_EXTENSION: Record<string, KnowledgeFileType> = { pdf: 'pdf', docx: 'docx', txt: 'txt' };

/** MIME types that agree with each extension ('' and octet-stream: the browser did not know). */
const MIME_OK: Record<KnowledgeFileType, readonly string[]> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  txt: ['text/plain'],
};
const UNKNOWN_MIME = ['', 'application/octet-stream', 'binary/octet-stream'];

/** For the file picker's `accept`: extensions and MIME types. */
export const UPLOAD_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
};

export type UploadRefusal =
  | { reason: 'type'; extension: string }
  /** The name says one type, the browser another (a renamed image). */
  | { reason: 'mismatch'; extension: string; mime: string }
  | { reason: 'size'; bytes: number }
  | { reason: 'empty' };

export type UploadCheck = { ok: true; type: KnowledgeFileType } | { ok: false; refusal: UploadRefusal };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file may be uploaded, and as which document type. */
export function checkUpload(file: Pick<File, 'name' | 'size' | 'type'>): UploadCheck {
  const extension = extensionOf(file.name);
  const type = Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined;
  const mime = file.type.trim().toLowerCase().split(';')[0] ?? '';
  if (!type) return { ok: false, refusal: { reason: 'type', extension } };
  if (!(UNKNOWN_MIME.includes(mime) || MIME_OK[type].includes(mime))) return { ok: false, refusal: { reason: 'mismatch', extension, mime } };
  if (file.size > KNOWLEDGE_LIMITS.fileMaxBytes) return { ok: false, refusal: { reason: 'size', bytes: file.size } };
  if (file.size === 0) return { ok: false, refusal: { reason: 'empty' } };
  return { ok: true, type };
}

/** The document's name from the file's: without its extension, at most the name's limit. */
export function documentNameOf(fileName: string): string {
  const extension = extensionOf(fileName);
  const base = extension ? fileName.slice(0, -(extension.length + 1)) : fileName;
  return (base.trim() || fileName).slice(0, KNOWLEDGE_LIMITS.nameMax);
}
