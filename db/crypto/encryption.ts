/**
 * Secrets the server must read back (an authenticator app's TOTP key), encrypted at rest as Lucia's two-factor
 * guide keeps them: AES-256-GCM under TWO_FACTOR_KEY, a random 12-byte iv per value, stored as base64 of iv,
 * ciphertext and tag. And keyed hashes of secrets it only compares (recovery codes): HMAC-SHA-256 under the
 * same key, so a copy of the database alone cannot test guesses offline.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { config } from '../config.ts';
import { conflict } from '../errors.ts';

export const NO_TWO_FACTOR_KEY = 'Two-factor sign-in is not set up on this server (TWO_FACTOR_KEY)';

/**
 * Where a server on a database file keeps the key it made itself when TWO_FACTOR_KEY is unset: a file beside
 * the database (never in it, so a copy of the database alone holds no usable key). undefined for a libSQL
 * server or an embedded replica, where several machines would each make a different key.
 */
export function keptKeyPath(): string | undefined {
  const c = config();
  if (!c.DATABASE_URL.startsWith('file:') || c.DATABASE_SYNC_URL) return undefined;
  const path = c.DATABASE_URL.slice('file:'.length).split('?')[0]!;
  return path === '' || path === ':memory:' ? undefined : `${path}.two-factor-key`;
}

let kept: Buffer | undefined;

/**
 * The key kept beside the database file, made (32 random bytes, readable by this account only) on the first
 * call that finds none. Exclusive creation: processes of one cluster that race here all end up reading the one
 * that was written first.
 */
function keptKey(): Buffer | undefined {
  if (kept) return kept;
  const path = keptKeyPath();
  if (!path) return undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const read = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (read.length !== 32) throw new Error(`${path}: not base64 of 32 bytes; delete it to make a new key`);
  kept = read;
  return kept;
}

/** TWO_FACTOR_KEY when set, else the key kept beside the database file; undefined when there is neither. */
function currentKey(): Buffer | undefined {
  const encoded = config().TWO_FACTOR_KEY;
  return encoded ? Buffer.from(encoded, 'base64') : keptKey();
}

/** The key, or a 409 saying the server has none. */
function key(): Buffer {
  const found = currentKey();
  if (!found) throw conflict(NO_TWO_FACTOR_KEY);
  return found;
}

export const hasEncryptionKey = () => currentKey() !== undefined;

/**
 * Makes sure a key exists before the server takes requests (its first start makes and keeps one), and says
 * where it came from: 'set' (TWO_FACTOR_KEY), the kept file's path, or undefined when there is none.
 */
export function prepareEncryptionKey(): string | undefined {
  if (config().TWO_FACTOR_KEY) return 'set';
  return keptKey() ? keptKeyPath() : undefined;
}

export function encrypt(plain: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The bytes `encrypt` was given; throws when the value was not made with this key (or was altered). */
export function decrypt(stored: string): Uint8Array {
  const bytes = Buffer.from(stored, 'base64');
  if (bytes.length < 12 + 16) throw new Error('encrypted value too short');
  const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]));
}

export function keyedHash(text: string): string {
  return createHmac('sha256', key()).update(text).digest('hex');
}
