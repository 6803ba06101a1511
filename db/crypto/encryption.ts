/**
 * Secrets the server must read back (an authenticator app's TOTP key), encrypted at rest as Lucia's two-factor
 * guide keeps them: AES-256-GCM under TWO_FACTOR_KEY, a random 12-byte iv per value, stored as base64 of iv,
 * ciphertext and tag. And keyed hashes of secrets it only compares (recovery codes): HMAC-SHA-256 under the
 * same key, so a copy of the database alone cannot test guesses offline.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { config } from '../config.ts';
import { conflict } from '../errors.ts';

export const NO_TWO_FACTOR_KEY = 'Two-factor sign-in is not set up on this server (TWO_FACTOR_KEY)';

/** The key, or a 409 saying the server has none. */
function key(): Buffer {
  const encoded = config().TWO_FACTOR_KEY;
  if (!encoded) throw conflict(NO_TWO_FACTOR_KEY);
  return Buffer.from(encoded, 'base64');
}

export const hasEncryptionKey = () => Boolean(config().TWO_FACTOR_KEY);

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
