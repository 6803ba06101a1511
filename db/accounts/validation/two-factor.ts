/** Two-factor inputs (db/accounts/two-factor.ts). Shared by the API, the CLI and the browser forms. */
import { singleLine, z } from '../../validation/zod.ts';

export const CODE_NEEDED = 'Enter the code from your authenticator app, or a recovery code';
export const CODE_WRONG = 'That code is not right: enter the newest code of your app, or an unused recovery code';
export const SECRET_INVALID = 'Start the setup again: this key is not one the server gave';

/** An authenticator app's six digits, or a recovery code (spaces and hyphens as typed). */
export const twoFactorCodeInput = z.object({
  code: singleLine(CODE_NEEDED).min(1, CODE_NEEDED).max(40, CODE_WRONG),
});

/** Turning two-factor sign-in on: the key the setup showed (base32, as the app took it) and the app's code for it. */
export const twoFactorSetupInput = z.object({
  secret: z
    .string({ error: SECRET_INVALID })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z2-7]{32}$/, SECRET_INVALID)),
  code: singleLine(CODE_NEEDED).min(1, CODE_NEEDED).max(40, CODE_WRONG),
});
