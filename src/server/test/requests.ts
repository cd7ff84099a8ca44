import { expect } from 'vitest';
import type { TestResponse, TestUser } from './harness';

/*
 * Requests the route tests make again and again to set a test up, each checked to succeed, and the check
 * of a 422 answer.
 */

/**
 * A body POST /user/assistant takes: the fields it needs (an outbound pipeline assistant on gpt-4o, in English,
 * with the voice `voiceId`), with `patch` over them.
 */
export function assistantBody(voiceId: number, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    assistant_name: 'Front desk',
    voice_id: voiceId,
    language: 'English',
    llm_model: 'gpt-4o',
    calls_direction: 'make',
    engine_type: 'pipeline',
    timezone: 'Europe/Berlin',
    system_prompt: 'You are a helpful assistant.',
    ...patch,
  };
}

/** POST /user/assistant with `body`, which must create it (201): the new assistant's id. */
export async function createAssistant(user: TestUser, body: Record<string, unknown>): Promise<number> {
  const res = await user.req('POST', '/user/assistant', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** GET /user/assistant/{id}: the answer's body. */
export const getAssistant = async (user: TestUser, id: number) => (await user.req('GET', `/user/assistant/${id}`)).body;

/** POST /user/tools of a plain tool named `name`, which must create it (201): the tool's record. */
export async function createTool(user: TestUser, name: string): Promise<{ id: number; name: string }> {
  const res = await user.req('POST', '/user/tools', {
    name,
    description: `The ${name} tool.`,
    endpoint: `https://tools.example.com/${name}`,
    method: 'POST',
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; name: string };
}

/** A 422 answer with exactly these `errors`. */
export function expect422(res: Pick<TestResponse, 'status' | 'body'>, errors: Record<string, string[]>): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toEqual(errors);
}

/** POST /user/folders or /user/labels of `name`, which must create it (201): its id. */
/** A knowledge base of the user's (POST /user/knowledgebases): its id. */
export async function createKnowledgebase(user: TestUser, name = 'Knowledge'): Promise<number> {
  const res = await user.req('POST', '/user/knowledgebases', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.body.data.id);
}

export async function createGroup(user: TestUser, kind: 'folders' | 'labels', name: string, color?: string | null): Promise<number> {
  const res = await user.req('POST', `/user/${kind}`, color === undefined ? { name } : { name, color });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}
