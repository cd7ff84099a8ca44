import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The providers' credentials at rest (phone_numbers.provider_secret): AES-256-GCM with a random 96-bit nonce,
 * stored as `v1:` + base64(nonce | tag | ciphertext). The key:
 * - SECRET_KEY when set: any text, its SHA-256 is the key (use 32 or more random characters; changing it makes
 *   the stored credentials unreadable: import the numbers again).
 * - else, on the embedded database, a random key made once in DATA_DIR/secret.key (mode 0600), beside the data
 *   it protects (a copy of DATA_DIR without that file holds no usable credential).
 * - else (PostgreSQL without SECRET_KEY) none: several processes share the database and no local file is shared
 *   by them, so imports answer 503 naming SECRET_KEY, and imported numbers cannot be used until it is set.
 */

export const SECRET_KEY_FILE = 'secret.key';

export function resolveSecretKey(options: { secretKey: string | undefined; dataDir: string; embedded: boolean }): Buffer | null {
  if (options.secretKey) return createHash('sha256').update(options.secretKey, 'utf8').digest();
  if (!options.embedded) return null;
  const file = join(options.dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64). Remove it to make a new one (imported numbers must then be imported again).`);
    return key;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The plain text; throws when the key is not the one it was sealed with (or the text was altered). */
export function decryptSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('Unknown secret format.');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
