import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { config } from '../config.ts';
import { AppError } from '../errors.ts';

/**
 * Argon2 is slow on purpose, so hashes must not all run at once: a burst of 255 concurrent password changes
 * took every core and libuv thread, and a sign-in meanwhile waited 11.8 s. At most one hash per core runs;
 * up to PASSWORD_HASH_QUEUE more wait for a free one, in order; beyond that a caller is turned away at once
 * (BUSY: 503 with Retry-After) rather than joining a line that only grows.
 */
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < availableParallelism()) running++;
  else if (waiting.length < config().PASSWORD_HASH_QUEUE) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new AppError('BUSY', 'The server is busy. Please try again in a moment.', { retryAfter: 1 });
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

// @node-rs/argon2 defaults to argon2id with m=19456 KiB, t=2, p=1: OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a response time does not reveal whether an email is registered. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  // Not kept when it failed (a busy server): the next caller makes it again.
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}
