import { ApiError } from '@/api/errors';

/*
 * What a failed request of the conversation API means for the person at the console.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** This family's own error body, `{status: false, error}` (the service answered, about this request). */
function isFamilyError(body: unknown): boolean {
  return isObject(body) && typeof body.error === 'string' && (body.status === false || body.status === 0 || body.status === 'false');
}

/**
 * The service has no language model to answer with: 503 naming LLM_BASE_URL (or a stream's error saying
 * so). The console shows how to connect one.
 */
export function isNoModel(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const names = error.message.includes('LLM_BASE_URL') || (isObject(error.body) && error.body.error_code === 'MODEL_NOT_CONFIGURED');
  return names || (error.status === 503 && isFamilyError(error.body));
}

/**
 * The host has no conversation API at all: a 404 or 405 that is not this family's `{status: false,
 * error}` (which would be about the assistant or the conversation: "Assistant not found").
 */
export function lacksConversationApi(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 405) && !isFamilyError(error.body);
}
