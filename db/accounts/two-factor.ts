/**
 * Two-factor sign-in, as Lucia's guide builds it on @oslojs/otp: an authenticator app holds a random 20-byte
 * key (TOTP, RFC 6238: six digits, 30 s steps), which the server keeps encrypted (db/crypto/encryption.ts);
 * ten recovery codes, shown once and kept as keyed hashes, each working once. Optional for users; for admins
 * required from their next sign-in when TWO_FACTOR_ADMINS is `required`.
 *
 * A sign-in that needs the second factor opens a session that waits ('verify'), or, for an admin who must set
 * one up first, one that may only do that ('setup'): neither is signed in (db/accounts/sessions.ts) until the
 * code is given. Every code tried (sign-in, setup, turning it off) counts against RATE_LIMIT_TWO_FACTOR_USER
 * before it is checked, and an app's code works once: the step it was for is kept, and only a later one is
 * taken, so a code seen over a shoulder cannot be used again.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import {
  decodeBase32IgnorePadding,
  encodeBase32LowerCaseNoPadding,
  encodeBase32UpperCaseNoPadding,
} from '@oslojs/encoding';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { conflict, invalidField, notFound, unauthenticated } from '../errors.ts';
import { recoveryCodes, sessions, users, type User } from '../schema.ts';
import { decrypt, encrypt, hasEncryptionKey, keyedHash } from '../crypto/encryption.ts';
import { parseInput } from '../validation/parse.ts';
import { hitLimit } from '../operations/rate-limit.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { CODE_WRONG, twoFactorCodeInput, twoFactorSetupInput } from './validation/two-factor.ts';

const STEP_SECONDS = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
export const TWO_FACTOR_ISSUER = 'Skillshelf';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off';
export const ADMINS_MUST_KEEP = 'Admins must keep two-factor sign-in on on this site';
export const ALREADY_ON = 'Two-factor sign-in is already on: turn it off first to set up another app';

/** What a sign-in of `user` waits for: the second factor, its setup (an admin where it is required), or nothing. */
export function twoFactorNeeded(user: Pick<User, 'isAdmin' | 'totpKey'>): 'verify' | 'setup' | null {
  if (user.totpKey) return 'verify';
  return user.isAdmin && config().TWO_FACTOR_ADMINS === 'required' ? 'setup' : null;
}

const requiredFor = (user: Pick<User, 'isAdmin'>) => user.isAdmin && config().TWO_FACTOR_ADMINS === 'required';

/** The current 30-second step. */
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** The step whose code `code` is (this one, or one either side for a clock that drifts), later than `after`. */
function matchingStep(key: Uint8Array, code: string, after: number | null): number | undefined {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(digits)) return undefined;
  const now = currentStep();
  for (const step of [now - 1, now, now + 1]) {
    if (after !== null && step <= after) continue;
    if (timingSafeEqual(Buffer.from(generateHOTP(key, BigInt(step), DIGITS)), Buffer.from(digits))) return step;
  }
  return undefined;
}

/** A recovery code as stored: lowercase, without the spaces and hyphens it is shown or typed with. */
const normalCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const code = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(8))).slice(0, 10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The statements that give `userId` fresh recovery codes (the earlier ones end), for the caller's batch. */
function recoveryCodeStatements(db: Db, userId: string, codes: string[]) {
  return [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: keyedHash(normalCode(code)) }))),
  ] as const;
}

async function userById(db: Db, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Whether `code` is the user's second factor now: an app's code for a step after the last one taken (then
 * that step is kept, in a write that refuses an older one, so two requests cannot both use it), or an unused
 * recovery code (then it is used up). Counted against the account's limit before anything is checked.
 */
async function takeCode(db: Db, user: User, code: string): Promise<'app' | 'recovery' | undefined> {
  await hitLimit(db, 'RATE_LIMIT_TWO_FACTOR_USER', user.id);
  if (!user.totpKey) return undefined;
  const step = matchingStep(decrypt(user.totpKey), code, user.totpLastStep);
  if (step !== undefined) {
    const taken = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return taken.length ? 'app' : undefined;
  }
  const used = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, keyedHash(normalCode(code)))))
    .returning({ id: recoveryCodes.id });
  return used.length ? 'recovery' : undefined;
}

/** A new key for the user's app: shown as text and as an otpauth:// address; stored only once a code proves the app has it. */
export function beginTwoFactorSetup(user: Pick<User, 'email'>): { secret: string; uri: string } {
  const key = crypto.getRandomValues(new Uint8Array(20));
  // The server must be able to keep it: refuse now rather than after the person set up their app.
  encrypt(key);
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    uri: createTOTPKeyURI(TWO_FACTOR_ISSUER, user.email, key, STEP_SECONDS, DIGITS),
  };
}

/**
 * Turns two-factor sign-in on with the key the setup showed and a code the app made from it; answers the
 * recovery codes, shown this once. A session that waited for this setup (an admin's sign-in) is signed in.
 */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  sessionId: string,
  input: unknown,
): Promise<{ recoveryCodes: string[] }> {
  const { secret, code } = parseInput(twoFactorSetupInput, input);
  const user = await userById(db, userId);
  if (user.totpKey) throw conflict(ALREADY_ON);
  await hitLimit(db, 'RATE_LIMIT_TWO_FACTOR_USER', user.id);
  const key = decodeBase32IgnorePadding(secret);
  const step = matchingStep(key, code, null);
  if (step === undefined) throw invalidField('code', CODE_WRONG);
  const codes = newRecoveryCodes();
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ totpKey: encrypt(key), totpLastStep: step, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.totpKey)))
      .returning({ id: users.id }),
    ...recoveryCodeStatements(db, userId, codes),
    db
      .update(sessions)
      .set({ twoFactor: null })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))),
  ]);
  // Another request turned it on meanwhile: its codes stand, these do not.
  if (updated.length === 0) throw conflict(ALREADY_ON);
  return { recoveryCodes: codes };
}

/** The second factor of a sign-in that waits for it: right, the session is signed in; wrong, a 400 on `code`. */
export async function verifySecondFactor(
  db: Db,
  pending: { sessionId: string; userId: string; needs: 'verify' | 'setup' },
  input: unknown,
): Promise<{ used: 'app' | 'recovery'; recoveryCodesLeft: number }> {
  const { code } = parseInput(twoFactorCodeInput, input);
  if (pending.needs !== 'verify') throw unauthenticated('Set up two-factor sign-in first');
  const user = await userById(db, pending.userId);
  const used = await takeCode(db, user, code);
  if (!used) throw invalidField('code', CODE_WRONG);
  const signedIn = await db
    .update(sessions)
    .set({ twoFactor: null })
    .where(and(eq(sessions.id, pending.sessionId), eq(sessions.twoFactor, 'verify')))
    .returning({ id: sessions.id });
  if (signedIn.length === 0) throw unauthenticated();
  return { used, recoveryCodesLeft: await countRecoveryCodes(db, user.id) };
}

async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  return db.$count(recoveryCodes, eq(recoveryCodes.userId, userId));
}

/** Whether the user's sign-in has a second factor, how many recovery codes are left, and whether it is required. */
export async function twoFactorStatus(
  db: Db,
  userId: string,
): Promise<{ enabled: boolean; recoveryCodesLeft: number; required: boolean; available: boolean }> {
  const user = await userById(db, userId);
  return {
    enabled: user.totpKey !== null,
    recoveryCodesLeft: user.totpKey ? await countRecoveryCodes(db, userId) : 0,
    required: requiredFor(user),
    available: hasEncryptionKey(),
  };
}

/** Turns two-factor sign-in off, confirmed by a code (the app's or a recovery code); not for an admin who must keep it. */
export async function disableTwoFactor(db: Db, userId: string, input: unknown): Promise<{ message: string }> {
  const { code } = parseInput(twoFactorCodeInput, input);
  const user = await userById(db, userId);
  if (!user.totpKey) throw conflict(TWO_FACTOR_OFF);
  if (requiredFor(user)) throw conflict(ADMINS_MUST_KEEP);
  if (!(await takeCode(db, user, code))) throw invalidField('code', CODE_WRONG);
  await db.batch([
    db.update(users).set({ totpKey: null, totpLastStep: null, updatedAt: new Date() }).where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  return { message: TWO_FACTOR_OFF };
}

/** New recovery codes (the earlier ones end), confirmed by a code of the app. */
export async function renewRecoveryCodes(db: Db, userId: string, input: unknown): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseInput(twoFactorCodeInput, input);
  const user = await userById(db, userId);
  if (!user.totpKey) throw conflict(TWO_FACTOR_OFF);
  if (!(await takeCode(db, user, code))) throw invalidField('code', CODE_WRONG);
  const codes = newRecoveryCodes();
  await db.batch([...recoveryCodeStatements(db, userId, codes)]);
  return { recoveryCodes: codes };
}

/**
 * The CLI's reset of a user's second factor (an admin who lost their phone and codes): the key and codes go,
 * every session ends, and the audit log says who did it. Where it is required, an admin sets up a new one at
 * their next sign-in.
 */
export async function resetTwoFactor(db: Db, actor: Actor, email: string): Promise<{ message: string }> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw notFound('User not found');
  if (!user.totpKey) return { message: `${user.email} has no second factor to reset` };
  await db.batch([
    db.update(users).set({ totpKey: null, totpLastStep: null, updatedAt: new Date() }).where(eq(users.id, user.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    auditEntry(db, actor, 'user.reset-2fa', { type: 'user', id: user.id }, { email: user.email }),
  ]);
  return { message: `Two-factor sign-in of ${user.email} was reset; every session of the account ended` };
}

/** For tests and the setup's own check: the code an app shows now for `secret`. */
export const codeNow = (secret: string) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(currentStep()), DIGITS);
