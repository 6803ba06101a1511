/** Who signs in: accounts, their sessions and password reset tokens. */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from '../columns.ts';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    /** Whether the user is mailed when a moderator decides on a link they submitted (a profile setting). */
    decisionMails: integer('decision_mails', { mode: 'boolean' }).notNull().default(true),
    /**
     * When the address `email` holds was shown to be the person's (a mailed link opened); null until then,
     * and again after a change of email. Until then no mail but the verification goes to it.
     */
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    /**
     * The authenticator app's TOTP key, encrypted with TWO_FACTOR_KEY (AES-256-GCM, base64 of iv, text and
     * tag: db/crypto/encryption.ts); null while two-factor sign-in is off.
     */
    totpKey: text('totp_key'),
    /** The last time step whose code was taken: a code works once (db/accounts/two-factor.ts). */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_is_admin_idx').on(t.isAdmin),
    // The admin's users table sorts by when they joined (its default) or by name.
    index('users_created_idx').on(t.createdAt),
    index('users_name_idx').on(sql`${t.name} COLLATE NOCASE`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token, hex. The token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    /** The browser's User-Agent when it signed in (cut to 500 characters): the profile names the device from it. */
    userAgent: text('user_agent'),
    /** The client address that used the session last (at most LAST_USED_STEP stale). */
    address: text('address'),
    /** When the session was last used, to within LAST_USED_STEP (db/accounts/sessions.ts). */
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    /**
     * What the session still waits for before it is a signed-in session (db/accounts/two-factor.ts): the
     * second factor ('verify'), or its setup, which an admin must do when TWO_FACTOR_ADMINS is required
     * ('setup'); null once signed in.
     */
    twoFactor: text('two_factor', { enum: ['verify', 'setup'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * A user's recovery codes for two-factor sign-in: each a keyed hash (HMAC-SHA-256 under TWO_FACTOR_KEY) of a
 * code shown once; a code is deleted when used.
 */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * Mailed links that verify an address (db/accounts/email-verification.ts): the token's SHA-256, the account,
 * and the address it was mailed to (a link verifies only that address, so a change of email undoes it).
 */
export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    /** SHA-256 of the token, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/**
 * Browsers that signed in to an account: the `device` cookie's token, stored as its SHA-256 as sessions are.
 * A sign-in from one has a turn of its own, outside the line strangers' failures make (decision 041).
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    /** SHA-256 of the token, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/**
 * Password resets asked for and not yet looked at (db/accounts/password-resets.ts): the request only writes
 * the email here, whether or not it has an account, and a worker off the request path makes the link.
 */
export const passwordResetRequests = sqliteTable('password_reset_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull(),
  requestedAt: createdAt(),
});
