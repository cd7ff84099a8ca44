/**
 * Why a document cannot be read, in words a person understands (stored as the document's error). A module
 * of its own so the worker can tell this failure from others without loading the readers (extract.ts and
 * its PDF, DOCX and HTML libraries), which it loads with its first document.
 */
export class ExtractError extends Error {}
