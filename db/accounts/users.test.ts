import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerResetRequests, requestPasswordReset } from './password-resets.ts';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { AppError } from '../errors.ts';
import { outbox, passwordResetTokens, sessions, users } from '../schema.ts';
import { validateSessionToken } from './sessions.ts';
import {
  BAD_CREDENTIALS,
  EMAIL_TAKEN,
  FORGET_PASSWORD_REPLY,
  resetPassword,
  signIn,
  signUp,
  updateProfile,
} from './users.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const account = { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'correct horse' };

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function resetLinkToken(): Promise<string> {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.subject, 'Reset your Skillshelf password'));
  const token = /\/reset-password\/([a-z0-9]+)/.exec(mail!.text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('sign-up', () => {
  it('creates a user with a hashed password and a working session token', async () => {
    const user = await signUp(t.db, account);
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', isAdmin: false });
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(account.password);
    expect((await validateSessionToken(t.db, user.token))?.user.id).toBe(user._id);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await signUp(t.db, account);
    const error = await errorOf(signUp(t.db, { ...account, email: 'ADA@example.COM' }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: EMAIL_TAKEN });
    expect(await t.db.$count(users)).toBe(1);
  });

  it('ignores isAdmin in the payload', async () => {
    const user = await signUp(t.db, { ...account, isAdmin: true });
    expect(user.isAdmin).toBe(false);
  });

  it.each([
    [{ ...account, email: 'not-an-email' }, 'Email is not a valid email address'],
    [{ ...account, name: '   ' }, 'Name is required'],
    [{ ...account, name: 'x'.repeat(100_000) }, 'Name must be at most 100 characters'],
    [{ ...account, password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: 'A', email: 'a@b.co' }, 'Password is required'],
    [{ ...account, email: 42 }, 'Email is required'],
  ])('rejects bad input with a message that says what is wrong (%#)', async (input, message) => {
    const error = await errorOf(signUp(t.db, input));
    expect(error).toMatchObject({ code: 'VALIDATION', message });
    expect(await t.db.$count(users)).toBe(0);
  });
});

describe('sign-in', () => {
  it('opens a new session at every sign-in', async () => {
    await signUp(t.db, account);
    const first = await signIn(t.db, { email: 'ada@example.com', password: account.password });
    const second = await signIn(t.db, { email: ' ADA@example.com ', password: account.password });
    expect(first.token).not.toBe(second.token);
    expect(await t.db.$count(sessions)).toBe(3);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    await signUp(t.db, account);
    const wrongPassword = await errorOf(signIn(t.db, { email: account.email, password: 'wrong password' }));
    const unknownEmail = await errorOf(signIn(t.db, { email: 'nobody@example.com', password: account.password }));
    expect(wrongPassword).toMatchObject({ code: 'UNAUTHENTICATED', message: BAD_CREDENTIALS });
    expect(unknownEmail).toMatchObject({ code: 'UNAUTHENTICATED', message: BAD_CREDENTIALS });
  });
});

describe('profile', () => {
  it('keeps the password and the session when the password is left blank', async () => {
    const user = await signUp(t.db, account);
    const updated = await updateProfile(t.db, user._id, user.token, {
      name: 'Ada King',
      email: 'ada@example.com',
      password: '',
    });
    expect(updated).toMatchObject({ name: 'Ada King', token: user.token });
    await expect(signIn(t.db, { email: account.email, password: account.password })).resolves.toBeTruthy();
  });

  it('ends every other session when the password changes and returns a fresh token', async () => {
    const user = await signUp(t.db, account);
    const otherDevice = await signIn(t.db, { email: account.email, password: account.password });
    const updated = await updateProfile(t.db, user._id, user.token, {
      name: 'Ada',
      email: account.email,
      password: 'a new password',
    });
    expect(updated.token).not.toBe(user.token);
    expect(await validateSessionToken(t.db, user.token)).toBeNull();
    expect(await validateSessionToken(t.db, otherDevice.token)).toBeNull();
    expect(await validateSessionToken(t.db, updated.token)).not.toBeNull();
    await expect(signIn(t.db, { email: account.email, password: 'a new password' })).resolves.toBeTruthy();
  });

  it('asks to sign in again when the session ended after the request was let in (signed out elsewhere), and changes nothing', async () => {
    const user = await signUp(t.db, account);
    await t.db.delete(sessions);
    const error = await errorOf(
      updateProfile(t.db, user._id, user.token, { name: 'Ada', email: account.email, password: 'a new password' }),
    );
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(signIn(t.db, { email: account.email, password: account.password })).resolves.toBeTruthy();
  });

  it('names the current password as the field at fault when it is wrong, once the sign-in is old', async () => {
    const user = await signUp(t.db, account);
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - 20 * 60_000) });
    const error = await errorOf(
      updateProfile(t.db, user._id, user.token, {
        name: 'Ada',
        email: account.email,
        password: 'a new password',
        currentPassword: 'not it',
      }),
    );
    expect(error).toMatchObject({ code: 'VALIDATION', fields: { currentPassword: error.message } });
    await expect(signIn(t.db, { email: account.email, password: account.password })).resolves.toBeTruthy();
  });

  it('refuses an email that belongs to someone else and changes nothing', async () => {
    const user = await signUp(t.db, account);
    await signUp(t.db, { ...account, email: 'other@example.com' });
    const error = await errorOf(
      updateProfile(t.db, user._id, user.token, {
        name: 'Changed',
        email: 'other@example.com',
        password: 'another password',
      }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', message: EMAIL_TAKEN });
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.name).toBe('Ada Lovelace');
    expect(await validateSessionToken(t.db, user.token)).not.toBeNull();
  });
});

describe('password reset', () => {
  it('queues the request for any email; the worker mails only a registered one (tests/security checks the work is the same)', async () => {
    await signUp(t.db, account);
    expect(await requestPasswordReset(t.db, { email: 'nobody@example.com' })).toEqual({
      message: FORGET_PASSWORD_REPLY,
    });
    expect(await requestPasswordReset(t.db, { email: account.email })).toEqual({ message: FORGET_PASSWORD_REPLY });
    const resets = () => t.db.select().from(outbox).where(eq(outbox.subject, 'Reset your Skillshelf password'));
    expect(await resets()).toHaveLength(0);
    expect(await answerResetRequests(t.db)).toBe(2);
    expect((await resets()).map((mail) => mail.to)).toEqual([account.email.toLowerCase()]);
    expect(await answerResetRequests(t.db)).toBe(0);
  });

  it('stores only a hash of the reset token', async () => {
    await signUp(t.db, account);
    await requestPasswordReset(t.db, { email: account.email });
    await answerResetRequests(t.db);
    const token = await resetLinkToken();
    const [row] = await t.db.select().from(passwordResetTokens);
    expect(row!.id).not.toContain(token);
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets the new password once, ends every session and refuses the link a second time', async () => {
    const user = await signUp(t.db, account);
    await requestPasswordReset(t.db, { email: account.email });
    await answerResetRequests(t.db);
    const token = await resetLinkToken();
    expect(await resetPassword(t.db, { token, password: 'brand new password' })).toEqual({
      message: 'Password updated successfully',
    });
    expect(await validateSessionToken(t.db, user.token)).toBeNull();
    await expect(signIn(t.db, { email: account.email, password: 'brand new password' })).resolves.toBeTruthy();
    const again = await errorOf(resetPassword(t.db, { token, password: 'third password!' }));
    expect(again.code).toBe('NOT_FOUND');
  });

  it('refuses an expired link', async () => {
    await signUp(t.db, account);
    await requestPasswordReset(t.db, { email: account.email });
    await answerResetRequests(t.db);
    const token = await resetLinkToken();
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const error = await errorOf(resetPassword(t.db, { token, password: 'brand new password' }));
    expect(error.code).toBe('NOT_FOUND');
    await expect(signIn(t.db, account)).resolves.toBeTruthy();
  });
});
