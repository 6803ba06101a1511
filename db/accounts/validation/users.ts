/** Account inputs. Shared by the API, the CLI and the browser forms (which may import only zod and this). */
import { formBoolean, optionalFormBoolean } from '../../validation/form-values.ts';
import { singleLine, z } from '../../validation/zod.ts';

/** Who an account is: an admin, or a user. */
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** The two password fields differ (checked before anything is sent, and by the no-JavaScript form posts). */
export const PASSWORD_MISMATCH = 'Password do not match';

const name = singleLine('Name is required').min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

export const email = singleLine('Email is required')
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Email is not a valid email address' }))
  .transform((value) => value.toLowerCase());

/**
 * Taken exactly as typed, never cleaned: stripping would change the secret. argon2 hashes every character,
 * a NUL included (nothing cuts the password short there: tests/security/invisible-text-is-refused.test.ts).
 */
export const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signUpInput = z.object({ name, email, password });
export type SignUpInput = z.infer<typeof signUpInput>;

/** Sign-in checks only presence: a wrong format is just a wrong credential. */
export const signInInput = z.object({
  email: singleLine('Email is required')
    .min(1, 'Email is required')
    .max(254, 'Invalid email or password')
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Invalid email or password'),
});
export type SignInInput = z.infer<typeof signInInput>;

/** Profile: a blank password keeps the current one (docs/product.md#validation); so does a missing decisionMails its setting. */
/** What a change of email or password without a recent sign-in is told (db/accounts/users.ts confirmIdentity). */
export const CURRENT_PASSWORD_NEEDED =
  'Sign in again to change your email or password, or enter your current password: you signed in more than 15 minutes ago';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export const profileInput = z.object({
  name,
  email,
  password: z
    .union([z.literal(''), password])
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  /** Whether to be mailed when a moderator decides on a link the user submitted. */
  decisionMails: optionalFormBoolean('decisionMails must be true or false'),
  /** The password as it is now: a change of email or password needs it, unless the session signed in within the last 15 minutes; given, it must be right. */
  currentPassword: z
    .string({ error: 'Current password must be text' })
    .max(PASSWORD_MAX, CURRENT_PASSWORD_WRONG)
    .optional()
    .nullable()
    .transform((v) => v || undefined),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const forgetPasswordInput = z.object({ email });

/** What a verification link that does not work (any more) says. */
export const VERIFY_LINK_INVALID = 'This verification link has expired, was already used or is for another address';

export const verifyEmailInput = z.object({
  token: z.string({ error: VERIFY_LINK_INVALID }).min(1, VERIFY_LINK_INVALID).max(200, VERIFY_LINK_INVALID),
});

export const resetPasswordInput = z.object({
  token: z
    .string({ error: 'Reset link is invalid or has expired' })
    .min(1, 'Reset link is invalid or has expired')
    .max(200, 'Reset link is invalid or has expired'),
  password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** What an admin sends for a user (the user edit form). */
export const adminUserInput = z.object({
  name: singleLine('Name is required').min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email,
  isAdmin: formBoolean('isAdmin must be true or false'),
});
export type AdminUserInput = z.infer<typeof adminUserInput>;

/** What becomes of a deleted account's reviews (docs/product.md#how-things-change): kept under "Former member", or deleted with it. */
export const REVIEW_FATES = ['anonymise', 'delete'] as const;
export type ReviewFate = (typeof REVIEW_FATES)[number];
export const CONFIRM_WITH_PASSWORD = 'Enter your password to confirm';
export const PASSWORD_INCORRECT = 'Password is incorrect';

/** Deleting one's own account: confirmed by the password as it is now, with a choice for the reviews. */
export const accountDeletionInput = z.object({
  password: z
    .string({ error: CONFIRM_WITH_PASSWORD })
    .min(1, CONFIRM_WITH_PASSWORD)
    .max(PASSWORD_MAX, PASSWORD_INCORRECT),
  reviews: z.enum(REVIEW_FATES, { error: 'Choose whether your reviews are anonymised or deleted' }),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionInput>;
