/**
 * The accounts' part of the REST contract: a user as the API answers it (signed in, with their settings,
 * in the admin's users table); and the operations of signing up, in and out, passwords, the profile and
 * the admin's user management.
 */
import { z } from '../validation/zod.ts';
import { adminPaging, id, isoDate, message } from '../contract/shapes.ts';
import { USER_LIST } from './validation/user-list.ts';
import { LIST, listFilter, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import {
  accountDeletionInput,
  adminUserInput,
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  forgetPasswordInput,
  profileInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  verifyEmailInput,
} from './validation/users.ts';
import { twoFactorCodeInput, twoFactorSetupInput } from './validation/two-factor.ts';

export const publicUser = z
  .object({ _id: id, name: z.string(), email: z.string(), isAdmin: z.boolean() })
  .meta({ id: 'User' });
export const signedInUser = publicUser
  .extend({
    token: z.string().meta({ description: 'The session token: send it as `Authorization: Bearer <token>`' }),
    twoFactor: z.enum(['verify', 'setup']).optional().meta({
      description:
        'Present when the sign-in waits for its second factor (`verify`: POST /api/users/two-factor/verify) or, for an admin where it is required, for its setup (`setup`); until then the token works for that alone',
    }),
  })
  .meta({ id: 'SignedInUser' });
/** A user's settings, as their profile and their export file carry them. */
export const settings = {
  decisionMails: z.boolean().meta({ description: 'Mailed when a moderator decides on a link you submitted' }),
};
const verification = {
  emailVerified: z.boolean().meta({
    description:
      'Whether your address was verified (a mailed link opened); until then only the verification is mailed to it',
  }),
};
export const profile = publicUser
  .extend({ ...settings, ...verification })
  .meta({ id: 'Profile', description: 'You, with your settings' });
export const signedInProfile = signedInUser.extend({ ...settings, ...verification }).meta({ id: 'SignedInProfile' });
/** A user as the admin's table lists them: with what an admin needs to know of the account's safety. */
export const userRow = publicUser
  .extend({
    createdAt: isoDate,
    emailVerified: z.boolean().meta({
      description:
        'Whether their address was verified (a mailed link opened); until then only the verification is mailed to it',
    }),
    twoFactorEnabled: z.boolean().meta({
      description: 'Whether they sign in with a second factor (an authenticator app)',
    }),
  })
  .meta({ id: 'UserRow' });
export const userList = z.object({ ...adminPaging, users: z.array(userRow) }).meta({ id: 'UserList' });

/** A session of yours, as the profile lists it: never its token or the token's hash. */
export const sessionShape = z
  .object({
    _id: z.string().meta({ description: 'The session’s id for ending it (not its token)' }),
    device: z
      .string()
      .meta({ description: 'The browser and system its User-Agent names', example: 'Firefox on Linux' }),
    address: z.string().nullable().meta({ description: 'The client address that used it last' }),
    createdAt: isoDate,
    lastUsedAt: isoDate.meta({ description: 'When it was last used (to within five minutes)' }),
    current: z.boolean().meta({ description: 'Whether it is the session of this request' }),
  })
  .meta({ id: 'Session' });
export const sessionList = z
  .object({
    sessions: z.array(sessionShape).meta({ description: 'This session first, then the others, last used first' }),
  })
  .meta({ id: 'SessionList' });
export type SessionListShape = z.infer<typeof sessionList>;

/** Two-factor sign-in's state, a setup's new key, and recovery codes (shown once). */
export const twoFactorState = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int().meta({ description: 'Unused recovery codes (0 when off)' }),
    required: z.boolean().meta({ description: 'Whether this account may not turn it off (an admin, where required)' }),
    available: z.boolean().meta({ description: 'Whether this server can set it up (it has a TWO_FACTOR_KEY)' }),
  })
  .meta({ id: 'TwoFactorState' });
export const twoFactorSetup = z
  .object({
    secret: z.string().meta({ description: 'The key for the authenticator app, base32 (to type in)' }),
    uri: z.string().meta({ description: 'The same as an otpauth:// address (for a QR code or a link)' }),
  })
  .meta({ id: 'TwoFactorSetup' });
export const recoveryCodeList = z
  .object({
    recoveryCodes: z.array(z.string()).meta({ description: 'Ten codes, each working once; shown only now' }),
  })
  .meta({ id: 'RecoveryCodes' });
export const twoFactorEnabled = recoveryCodeList
  .extend({ user: signedInUser })
  .meta({ id: 'TwoFactorEnabled', description: 'The recovery codes, and you, signed in' });

/** GET /api/test: example people shaped as users (site/lib/test-examples.ts), not real accounts. */
export const testExample = z
  .array(publicUser)
  .meta({ id: 'TestExamples', description: 'Example people (not real accounts)' });

export type PublicUserShape = z.infer<typeof publicUser>;
export type SignedInUserShape = z.infer<typeof signedInUser>;
export type ProfileShape = z.infer<typeof profile>;
export type SignedInProfileShape = z.infer<typeof signedInProfile>;
export type UserListShape = z.infer<typeof userList>;
export type TestExamplesShape = z.infer<typeof testExample>;

export const ACCOUNT_OPERATIONS = {
  signUp: {
    method: 'POST',
    route: '/api/users/signup',
    group: 'Accounts',
    access: 'public',
    summary: 'Create an account (and sign in)',
    body: {
      schema: signUpInput,
      name: 'SignUpInput',
      example: { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password' },
    },
    ok: {
      status: 201,
      schema: signedInUser,
      description: 'The new user with a session token (also set as the session cookie)',
    },
    setsCookie: true,
    errors: [409, 429],
  },
  signIn: {
    method: 'POST',
    route: '/api/users/signin',
    group: 'Accounts',
    access: 'public',
    summary: 'Sign in',
    description: prose`
      Failures are limited per client address and account, or per known device (the \`device\` cookie an earlier
      sign-in set) and account: 429 with Retry-After. After RATE_LIMIT_SIGNIN_SLOWDOWN failures from anywhere,
      the account's other attempts take turns, and one whose turn is more than 10 s away gets 429; a known
      device's attempts never wait for those turns.`,
    body: {
      schema: signInInput,
      name: 'SignInInput',
      example: { email: 'grace@example.com', password: 'a-long-password' },
    },
    ok: {
      status: 200,
      schema: signedInUser,
      description: 'The user with a session token (also set as the session cookie)',
    },
    setsCookie: true,
    errors: [401, 429],
  },
  signOut: {
    method: 'POST',
    route: '/api/users/signout',
    group: 'Accounts',
    access: 'session',
    clearsCookie: true,
    summary: 'End the session the token or cookie names',
    description: prose`
      A call naming no live session gets 401 saying so. A plain HTML form post is answered with 303 to
      /signin either way.`,
    ok: { status: 200, schema: message, description: 'Signed out' },
  },
  forgetPassword: {
    method: 'POST',
    route: '/api/users/forget-password',
    group: 'Accounts',
    access: 'public',
    summary: 'Mail a password reset link',
    description: 'The same answer whether or not the email has an account.',
    body: { schema: forgetPasswordInput, name: 'ForgetPasswordInput', example: { email: 'grace@example.com' } },
    ok: { status: 200, schema: message, description: 'The reset link is on its way if the account exists' },
    errors: [429],
  },
  resetPassword: {
    method: 'POST',
    route: '/api/users/reset-password',
    group: 'Accounts',
    access: 'public',
    summary: 'Set a new password with a reset link’s token',
    body: {
      schema: resetPasswordInput,
      name: 'ResetPasswordInput',
      example: { token: 'the-token-from-the-mail', password: 'a-new-long-password' },
    },
    ok: { status: 200, schema: message, description: 'Password updated; every session of the account has ended' },
    errors: [404, 429],
  },
  verifyEmail: {
    method: 'POST',
    route: '/api/users/verify-email',
    group: 'Accounts',
    access: 'public',
    summary: 'Verify your email address with a mailed link’s token',
    description: prose`
      The token of the link mailed at sign-up or after a change of email (\`/verify-email/{token}\`). It works
      for 48 hours, once, and only while the address it was mailed to is still the account's; else 404.
      Attempts are limited per client address (RATE_LIMIT_VERIFY_IP).`,
    body: { schema: verifyEmailInput, name: 'VerifyEmailInput', example: { token: 'the-token-from-the-mail' } },
    ok: { status: 200, schema: message, description: 'Your email address is verified' },
    errors: [404, 429],
  },
  resendVerification: {
    method: 'POST',
    route: '/api/users/verification-mail',
    group: 'Accounts',
    access: 'user',
    summary: 'Mail a new link to verify your email address',
    description: prose`
      The earlier links end. Nothing is sent when the address is already verified. Limited per account
      (RATE_LIMIT_VERIFY_MAIL_USER).`,
    ok: { status: 200, schema: message, description: 'Where the new link went' },
    errors: [429],
  },
  verifyTwoFactor: {
    method: 'POST',
    route: '/api/users/two-factor/verify',
    group: 'Accounts',
    access: 'session',
    summary: 'Finish a sign-in with its second factor',
    description: prose`
      With the token of a sign-in that answered \`twoFactor: "verify"\`: the six digits of the authenticator
      app (the newest; each works once), or one of the recovery codes (used up). Right, the same token is
      signed in (and the session cookie set); wrong, 400 naming \`code\`. Codes tried count against
      RATE_LIMIT_TWO_FACTOR_USER (429 after). A sign-in waits at most 15 minutes for it.`,
    body: { schema: twoFactorCodeInput, name: 'TwoFactorCodeInput', example: { code: '123456' } },
    ok: { status: 200, schema: signedInUser, description: 'You, signed in, with the session token' },
    setsCookie: true,
    errors: [429],
  },
  twoFactorStatus: {
    method: 'GET',
    route: '/api/users/two-factor',
    group: 'Accounts',
    access: 'user',
    summary: 'Your two-factor sign-in: on or off, recovery codes left',
    ok: { status: 200, schema: twoFactorState, description: 'Its state' },
  },
  beginTwoFactorSetup: {
    method: 'POST',
    route: '/api/users/two-factor/setup',
    group: 'Accounts',
    access: 'session',
    summary: 'A new key for your authenticator app',
    description: prose`
      Signed in, or with the token of an admin's sign-in that answered \`twoFactor: "setup"\`. Nothing is
      stored: PUT /api/users/two-factor with the key and a code of the app turns it on. 409 when the server
      has no TWO_FACTOR_KEY.`,
    ok: { status: 200, schema: twoFactorSetup, description: 'The key, as text and as an otpauth:// address' },
    errors: [409],
  },
  enableTwoFactor: {
    method: 'PUT',
    route: '/api/users/two-factor',
    group: 'Accounts',
    access: 'session',
    summary: 'Turn two-factor sign-in on',
    description: prose`
      The key from POST /api/users/two-factor/setup and the app's current code for it (a wrong one: 400 naming
      \`code\`, counted against RATE_LIMIT_TWO_FACTOR_USER). Answers ten recovery codes, shown this once; a
      sign-in that waited for this setup is signed in. 409 when it is on already.`,
    body: {
      schema: twoFactorSetupInput,
      name: 'TwoFactorSetupInput',
      example: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456' },
    },
    ok: { status: 200, schema: twoFactorEnabled, description: 'On: the recovery codes, and you' },
    setsCookie: true,
    errors: [409, 429],
  },
  disableTwoFactor: {
    method: 'DELETE',
    route: '/api/users/two-factor',
    group: 'Accounts',
    access: 'user',
    summary: 'Turn two-factor sign-in off',
    description: prose`
      Confirmed by a code of the app or a recovery code (400 naming \`code\` when wrong). 409 for an admin
      where TWO_FACTOR_ADMINS is required.`,
    body: { schema: twoFactorCodeInput, name: 'TwoFactorCodeInput', example: { code: '123456' } },
    ok: { status: 200, schema: message, description: 'Off' },
    errors: [409, 429],
  },
  renewRecoveryCodes: {
    method: 'POST',
    route: '/api/users/two-factor/recovery-codes',
    group: 'Accounts',
    access: 'user',
    summary: 'New recovery codes (the earlier ones end)',
    body: { schema: twoFactorCodeInput, name: 'TwoFactorCodeInput', example: { code: '123456' } },
    ok: { status: 200, schema: recoveryCodeList, description: 'Ten new codes, shown this once' },
    errors: [409, 429],
  },
  getProfile: {
    method: 'GET',
    route: '/api/users/profile',
    group: 'Accounts',
    access: 'user',
    summary: 'Your profile',
    ok: { status: 200, schema: profile, description: 'The signed-in user and their settings' },
  },
  changeProfile: {
    method: 'PUT',
    route: '/api/users/profile',
    group: 'Accounts',
    access: 'user',
    summary: 'Change your name, email, password or settings',
    description: prose`
      A blank password keeps the current one; a missing \`decisionMails\` keeps that setting. A new
      password ends every other session and answers a new token. A change of email or password needs
      \`currentPassword\` unless the session signed in within the last 15 minutes: past that, without it, the
      answer is 400 "${CURRENT_PASSWORD_NEEDED}" (\`fields.currentPassword\`), and a client that does not
      know the field signs in again (a new session) and sends the change within 15 minutes. A
      \`currentPassword\` that is given must be right whatever the change (400 "${CURRENT_PASSWORD_WRONG}",
      counted against the account-change limit).`,
    errorNotes: {
      400: {
        when: prose`
          A change of email or password from a session that signed in more than 15 minutes ago, without
          \`currentPassword\`: sign in again (or send \`currentPassword\`). Also a wrong \`currentPassword\`, or
          a field that is wrong, each named in \`fields\``,
        example: {
          message: CURRENT_PASSWORD_NEEDED,
          code: 'VALIDATION',
          fields: { currentPassword: CURRENT_PASSWORD_NEEDED },
        },
      },
    },
    body: {
      schema: profileInput,
      name: 'ProfileInput',
      example: { name: 'Grace Hopper', email: 'grace@example.com', password: '', decisionMails: true },
    },
    ok: {
      status: 200,
      schema: signedInProfile,
      description: 'The updated user and the session token to use from now on',
    },
    setsCookie: true,
    errors: [409, 429],
  },
  deleteAccount: {
    method: 'DELETE',
    route: '/api/users/profile',
    group: 'Accounts',
    access: 'user',
    summary: 'Delete your account',
    description: prose`
      Confirmed by your current password (a wrong one is a 400 naming \`password\`; attempts count against
      RATE_LIMIT_ACCOUNT_CHANGE_USER). Your reviews are anonymised (kept under the name “Former member”, with
      their stars) or deleted, as \`reviews\` says; your submissions are kept without your name; your saves,
      sessions and link reports are deleted. The last admin cannot delete their account (409). The session
      ends, and its cookie is cleared.`,
    body: {
      schema: accountDeletionInput,
      name: 'AccountDeletionInput',
      example: { password: 'a-long-password', reviews: 'anonymise' },
    },
    ok: { status: 200, schema: message, description: 'Deleted' },
    endsSession: true,
    errors: [409, 429],
  },
  listSessions: {
    method: 'GET',
    route: '/api/users/sessions',
    group: 'Accounts',
    access: 'user',
    summary: 'Your active sessions',
    description: prose`
      Every session of your account that has not ended: the device its User-Agent names, the address that
      used it last, when it began and was last used; the session of this request is marked \`current\`.`,
    ok: { status: 200, schema: sessionList, description: 'Your sessions' },
  },
  endSession: {
    method: 'DELETE',
    route: '/api/users/sessions/[id]',
    group: 'Accounts',
    access: 'user',
    summary: 'Sign out one of your sessions',
    description: prose`
      Ends the session \`id\` names (an \`_id\` of GET /api/users/sessions): its token no longer works. Ending
      the current one signs this client out, as POST /api/users/signout does. 404 when it is not one of yours
      or has already ended.`,
    ok: { status: 200, schema: message, description: 'Signed out of that session' },
    endsSession: true,
    errors: [404],
  },
  endOtherSessions: {
    method: 'DELETE',
    route: '/api/users/sessions',
    group: 'Accounts',
    access: 'user',
    summary: 'Sign out everywhere else',
    description: 'Ends every session of your account but the one of this request.',
    ok: { status: 200, schema: message, description: 'How many sessions ended' },
  },
  testExamples: {
    method: 'GET',
    route: '/api/test',
    group: 'Catalog',
    access: 'public',
    summary: 'A test call: example people (not real accounts)',
    ok: { status: 200, schema: testExample, description: 'Three example people' },
  },
  adminUsers: {
    method: 'GET',
    route: '/api/users/admin',
    group: 'Admin: users',
    access: 'admin',
    summary: 'Users: searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds a name or email containing the text; sort by \`created\` (default, newest first),
      \`name\` or \`email\`.`,
    query: [...LIST, listFilter('role', 'Only admins or only users', USER_LIST.filters.role)],
    ok: { status: 200, schema: userList, description: 'A page of users' },
  },
  getUser: {
    method: 'GET',
    route: '/api/users/[id]',
    group: 'Admin: users',
    access: 'admin',
    summary: 'A user',
    ok: { status: 200, schema: publicUser, description: 'The user' },
    errors: [404],
  },
  changeUser: {
    method: 'PUT',
    route: '/api/users/[id]',
    group: 'Admin: users',
    access: 'admin',
    summary: 'Change a user’s name, email or admin role',
    body: {
      schema: adminUserInput,
      name: 'AdminUserInput',
      example: { name: 'Grace Hopper', email: 'grace@example.com', isAdmin: 'false' },
    },
    ok: { status: 200, schema: publicUser, description: 'The user' },
    errors: [404, 409],
  },
  deleteUser: {
    method: 'DELETE',
    route: '/api/users/[id]',
    group: 'Admin: users',
    access: 'admin',
    summary: 'Delete a user (not yourself)',
    ok: { status: 200, schema: message, description: 'Deleted' },
    errors: [404, 409],
  },
} as const satisfies Record<string, Operation>;
