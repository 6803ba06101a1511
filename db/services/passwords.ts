import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with m=19456 KiB, t=2, p=1: OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a response time does not reveal whether an email is registered. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  await verifyPassword(await dummyHash, password);
  return false;
}
