import { readFileSync } from 'node:fs';

/*
 * The tokens the demo seed made when playwright.config.ts started the service on a fresh database
 * (TOKENS_FILE: [{email, token}, …]). Never printed, never put in a test title.
 */
export interface SeededToken {
  email: string;
  token: string;
}

export function seededTokens(): SeededToken[] {
  const file = process.env.VC_E2E_TOKENS_FILE;
  if (!file) throw new Error('VC_E2E_TOKENS_FILE is not set: run the tests through playwright.config.ts.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`The service wrote no tokens file at ${file} (${(e as Error).message}). Did the demo seed run?`);
  }
  if (!Array.isArray(parsed)) throw new Error(`${file} is not a list of {email, token}.`);
  return parsed as SeededToken[];
}

export function tokenFor(email: string): string {
  const hit = seededTokens().find((t) => t.email === email);
  if (!hit) throw new Error(`The demo seed made no token for ${email}.`);
  return hit.token;
}

/** The token of demo@example.com, the account with the demo data. */
export const demoToken = () => tokenFor('demo@example.com');

/** A token the service does not know: it answers 401. */
export const unknownToken = 'vc_this-token-was-never-issued-000000000000';
