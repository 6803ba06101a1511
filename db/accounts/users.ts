/** Accounts: sign-up, sign-in, profile, password reset, and the admin's user management. */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config, publicUrl } from '../config.ts';
import { conflict, invalidField, notFound, unauthenticated } from '../errors.ts';
import { newId } from '../ids.ts';
import { passwordResetTokens, sessions, users, type User } from '../schema.ts';
import { hashToken } from '../crypto/tokens.ts';
import { parseInput } from '../validation/parse.ts';
import {
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_INCORRECT,
  profileInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from './validation/users.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../crypto/passwords.ts';
import { queueMail, wakeMailSender } from '../operations/mail.ts';
import {
  addressGroup,
  clearLimit,
  countEvent,
  currentCount,
  hitLimit,
  hitLimits,
  waitForTurn,
} from '../operations/rate-limit.ts';
import { deleteUserSessions, newSession, type OpenedSession } from './sessions.ts';
import { knownDeviceOf, newDevice, type OpenedDevice } from './known-devices.ts';
import { isVerified, verificationStatements } from './email-verification.ts';
import { twoFactorNeeded } from './two-factor.ts';
import type { ProfileShape, PublicUserShape, SignedInProfileShape, SignedInUserShape } from './contract.ts';

/** Where a request comes from, for the abuse limits (undefined for trusted callers: the CLI, tests). */
export interface Client {
  address: string;
  /** The browser's device cookie, if it has one (a sign-in's own turn: ./known-devices.ts). */
  device?: string | undefined;
  /** Its User-Agent header: the profile's list of sessions names the device from it. */
  userAgent?: string | undefined;
}

/**
 * A user just signed in: the API's answer (the user with the session token, docs/product.md#what-is-stored: kept by the
 * browser), and when the session ends and the device's token (for the cookies; not in the answer).
 */
export type SignedInUser = SignedInUserShape & { expiresAt: Date; device: OpenedDevice };

/** The user's own profile: what the API shows of everyone, and their settings. */
export const toProfile = (user: User): ProfileShape => ({
  ...toPublicUser(user),
  decisionMails: user.decisionMails,
  emailVerified: isVerified(user),
});

/** The user as the API shows it (docs/product.md#what-is-stored): never the password hash. */
export const toPublicUser = (user: Pick<User, 'id' | 'name' | 'email' | 'isAdmin'>): PublicUserShape => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  isAdmin: user.isAdmin,
});

export const EMAIL_TAKEN = 'Email is already registered';
export const BAD_CREDENTIALS = 'Invalid email or password';
export const RESET_LINK_INVALID = 'Reset link is invalid or has expired';
export const FORGET_PASSWORD_REPLY = 'If an account exists for that email, we have sent a link to reset its password';

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

export async function getUser(db: Db, id: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Creates an account. `isAdmin` is honoured only from trusted callers (the CLI, seeds): the API's sign-up
 * payload is parsed with a schema that has no such field.
 */
export async function createUser(
  db: Db,
  input: unknown,
  options: { isAdmin?: boolean; verified?: boolean } = {},
): Promise<User> {
  const { name, email, password } = parseInput(signUpInput, input);
  const passwordHash = await hashPassword(password);
  // An account a trusted caller makes (the CLI, a seed) has an address its operator vouches for.
  const emailVerifiedAt = (options.verified ?? true) ? new Date() : null;
  const [user] = await db
    .insert(users)
    .values({ id: newId(), name, email, passwordHash, isAdmin: options.isAdmin ?? false, emailVerifiedAt })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw conflict(EMAIL_TAKEN);
  return user;
}

/** Sign-up: a new account, signed in on a known device. (A crash between the two writes leaves an account one can sign in to.) */
export async function signUp(db: Db, input: unknown, client?: Client): Promise<SignedInUser> {
  const parsed = parseInput(signUpInput, input);
  if (client) {
    // As forget-password's: per address and per email (decision 026: why "already registered" stays).
    await hitLimits(db, [
      ['RATE_LIMIT_SIGNUP_IP', addressGroup(client.address)],
      ['RATE_LIMIT_SIGNUP_ACCOUNT', parsed.email],
    ]);
  }
  const user = await createUser(db, parsed, { verified: false });
  const { session, insert } = newSession(db, user.id, client);
  const { device, statements } = newDevice(db, user.id);
  await db.batch([insert, ...statements, ...verificationStatements(db, user, user.email)]);
  wakeMailSender();
  return { ...toPublicUser(user), ...session, device };
}

/**
 * Sign-in, after OWASP's advice on account lockout. Failures are refused per account and client address
 * (RATE_LIMIT_SIGNIN_ACCOUNT), counted before the password is verified so that concurrent guesses cannot
 * all slip in under the limit, and cleared by a success. The account as a whole is only slowed down: after
 * RATE_LIMIT_SIGNIN_SLOWDOWN failures from anywhere, each attempt waits longer, so that strangers cannot
 * lock its owner out. A known device of the account (its device cookie, OWASP's "device cookies") has a turn
 * of its own: it never waits behind strangers' attempts, and its own are counted per device, from any address.
 */
export async function signIn(db: Db, input: unknown, client?: Client): Promise<SignedInUser> {
  const { email, password } = parseInput(signInInput, input);
  const device = client && (await knownDeviceOf(db, client.device, email));
  // Per known device, or else per address group (an IPv6 /64: rate-limit.ts addressGroup), and account.
  const attempt = client && `${device ?? addressGroup(client.address)}/${email}`;
  if (attempt) {
    await hitLimits(db, [
      ['RATE_LIMIT_SIGNIN_IP', addressGroup(client.address)],
      ['RATE_LIMIT_SIGNIN_ACCOUNT', attempt],
    ]);
    const delay = device ? 0 : signInDelay(await currentCount(db, 'RATE_LIMIT_SIGNIN_SLOWDOWN', email));
    // Attempts on a slowed account take turns, `delay` apart: parallel guesses queue, they do not share the wait.
    if (delay > 0) await waitForTurn(db, 'RATE_LIMIT_SIGNIN_SLOWDOWN', email, delay, SLOWDOWN_MAX_QUEUE_MS);
  }
  const user = await findUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    if (attempt) await countEvent(db, 'RATE_LIMIT_SIGNIN_SLOWDOWN', email);
    throw unauthenticated(BAD_CREDENTIALS);
  }
  // With a second factor (or one an admin must set up), the session waits for it before it is signed in.
  const twoFactor = twoFactorNeeded(user);
  const { session, insert } = newSession(db, user.id, client, twoFactor);
  // The browser is a known device from now on, with a new token (the one it brought ends).
  const known = newDevice(db, user.id, device);
  await db.batch([
    insert,
    ...known.statements,
    ...(attempt ? [clearLimit(db, 'RATE_LIMIT_SIGNIN_ACCOUNT', attempt)] : []),
  ]);
  return { ...toPublicUser(user), ...session, device: known.device, ...(twoFactor ? { twoFactor } : {}) };
}

const SLOWDOWN_FIRST_MS = 250;
const SLOWDOWN_MAX_MS = 5000;
/** How far ahead a slowed account's turns may be taken: an attempt beyond is refused (429), never held longer. */
const SLOWDOWN_MAX_QUEUE_MS = 10_000;

/** The wait before a sign-in of an account that failed `failures` times in the window: none, then 0.25 s doubling, at most 5 s. */
function signInDelay(failures: number): number {
  const over = failures - config().RATE_LIMIT_SIGNIN_SLOWDOWN.max;
  return over < 0 ? 0 : Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_FIRST_MS * 2 ** over);
}

/** How long after signing in a session may change its email or password without the current password (GitHub's "sudo mode"). */
const RECENT_SIGN_IN_MS = 15 * 60 * 1000;

/**
 * A change of email or password must come from the account's owner, not only from whoever holds a token
 * (a leaked one, the copy in a client's localStorage): the session signed in within the last 15 minutes,
 * or the request gives the current password. A current password that is given is checked either way: a
 * wrong one taken on a fresh session would make the form a password oracle for whoever holds the token.
 */
async function confirmIdentity(db: Db, user: User, token: string, currentPassword: string | undefined): Promise<void> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, hashToken(token)));
  // Ended since the request was let in (a password change made at the same moment signs every device out).
  if (!session) throw unauthenticated();
  if (currentPassword === undefined) {
    if (Date.now() - session.createdAt.getTime() < RECENT_SIGN_IN_MS) return;
    throw invalidField('currentPassword', CURRENT_PASSWORD_NEEDED);
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw invalidField('currentPassword', CURRENT_PASSWORD_WRONG);
}

/** The user, once `password` is theirs as it is now; else a 400 on the field `password` (an account deletion's confirmation). */
export async function confirmPassword(db: Db, userId: string, password: string): Promise<User> {
  const user = await getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidField('password', PASSWORD_INCORRECT);
  return user;
}

const emailChangedMail = (user: Pick<User, 'id' | 'name' | 'email'>, newEmail: string) => ({
  userId: user.id,
  to: user.email,
  subject: 'Your Skillshelf email was changed',
  text: `Hello ${user.name},\n\nThe email of your Skillshelf account was changed from this address to ${newEmail}. Mail about the account goes there from now on.\n\nIf it was not you, reset your password at ${publicUrl()}/forget-password with this address before anything else, and tell us by replying to this mail.\n`,
});

const passwordChangedMail = (user: { id: string; name: string; email: string }) => ({
  userId: user.id,
  to: user.email,
  subject: 'Your Skillshelf password was changed',
  text: `Hello ${user.name},\n\nThe password of your Skillshelf account was changed, and every other device was signed out.\n\nIf it was not you, reset your password at ${publicUrl()}/forget-password now.\n`,
});

/**
 * Profile update (a missing decisionMails keeps the setting). A new password ends every session of the user (other devices are signed out) and opens
 * a fresh one for this device, returned as `token` with its `expiresAt`; otherwise the current token stays
 * valid (and no `expiresAt` comes back). A new password or email also ends every reset link of the user (in
 * the same batch).
 */
export async function updateProfile(
  db: Db,
  userId: string,
  currentToken: string,
  input: unknown,
  client?: Client,
): Promise<SignedInProfileShape & { expiresAt?: Date }> {
  const { name, email, password, decisionMails, currentPassword } = parseInput(profileInput, input);
  // A new password costs a hash, a new email answers whether that address is registered (409), and a given
  // current password is checked: all are limited per account, before any of that work is done.
  const current = await getUser(db, userId);
  const emailChanges = email !== current.email;
  if (password || emailChanges || currentPassword !== undefined) {
    await hitLimit(db, 'RATE_LIMIT_ACCOUNT_CHANGE_USER', userId);
    await confirmIdentity(db, current, currentToken, currentPassword);
  }
  const passwordHash = password ? await hashPassword(password) : undefined;
  const update = db
    .update(users)
    .set({
      name,
      email,
      updatedAt: new Date(),
      // A new address is not verified until its own link is opened.
      ...(emailChanges ? { emailVerifiedAt: null } : {}),
      ...(passwordHash ? { passwordHash } : {}),
      ...(decisionMails === undefined ? {} : { decisionMails }),
    })
    .where(eq(users.id, userId))
    .returning();
  // Before the update in the batch, so that it compares the stored email with the new one.
  const endResetLinks = deleteResetLinks(db, userId, passwordHash ? undefined : email);
  let opened: OpenedSession | undefined;
  let updated: User | undefined;
  try {
    // The owner hears of a change of email (at the old address) or of password, in the change's own batch;
    // only at an address shown to be theirs, and a new address first gets its verification.
    const verified = isVerified(current);
    const notices = [
      ...(emailChanges && verified ? [queueMail(db, emailChangedMail(current, email))] : []),
      ...(passwordHash && verified && !emailChanges
        ? [queueMail(db, passwordChangedMail({ id: userId, name, email }))]
        : []),
      ...(emailChanges ? verificationStatements(db, { id: userId, name }, email) : []),
    ];
    if (passwordHash) {
      const { session, insert } = newSession(db, userId, client);
      opened = session;
      const [, rows] = await db.batch([endResetLinks, update, deleteUserSessions(db, userId), insert, ...notices]);
      updated = rows[0];
    } else {
      [, [updated]] = await db.batch([endResetLinks, update, ...notices]);
    }
    if (notices.length) wakeMailSender();
  } catch (error) {
    if (isUniqueViolation(error, 'users.email')) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  if (!updated) throw notFound('User not found');
  return { ...toProfile(updated), ...(opened ?? { token: currentToken }) };
}

/**
 * Sets a new password from a reset link. One batch: the token is checked, used up (with every other reset
 * token of the user) and every session of the user ends, or nothing happens at all.
 */
/** Whether a reset link still works (not used, not expired): the reset page says so before anyone types. */
export async function isResetLinkValid(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, hashToken(token)), gt(passwordResetTokens.expiresAt, new Date())));
  return row !== undefined;
}

export async function resetPassword(db: Db, input: unknown, client?: Client): Promise<{ message: string }> {
  if (client) await hitLimit(db, 'RATE_LIMIT_RESET_IP', addressGroup(client.address));
  const { token, password } = parseInput(resetPasswordInput, input);
  const owner = db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, hashToken(token)), gt(passwordResetTokens.expiresAt, new Date())));
  // A link that does not work costs no hash (the batch below checks it again, atomically).
  if ((await owner).length === 0) throw notFound(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  const [updated] = await db.batch([
    db
      .update(users)
      // The link reached the account's address (links end when it changes): that shows it is the person's.
      .set({
        passwordHash,
        updatedAt: new Date(),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Date.now()})`,
      })
      .where(eq(users.id, sql`(${owner})`))
      .returning({ id: users.id }),
    db.delete(sessions).where(eq(sessions.userId, sql`(${owner})`)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, sql`(${owner})`)),
  ]);
  if (updated.length === 0) throw notFound(RESET_LINK_INVALID);
  return { message: 'Password updated successfully' };
}

/**
 * Ends the reset links of a user whose password or email changes: a link mailed before must not outlive
 * what it was sent for. With `newEmail`, only when the stored email differs from it (run it before the
 * update, in the same batch); without, always.
 */
export function deleteResetLinks(db: Db, userId: string, newEmail?: string) {
  const owned = eq(passwordResetTokens.userId, userId);
  return db
    .delete(passwordResetTokens)
    .where(
      newEmail === undefined
        ? owned
        : and(owned, sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId}) <> ${newEmail}`),
    );
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
  return row?.n ?? 0;
}

export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return /UNIQUE constraint failed/.test(text) && (!column || text.includes(column));
}
