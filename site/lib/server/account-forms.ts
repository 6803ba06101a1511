/**
 * The account forms (sign in, sign up, forgotten and reset password) posted as plain HTML forms, for
 * browsers without JavaScript: the same services and messages as the API the islands call, a 303 on
 * success, and on failure the page again with the message and what was typed (never the password).
 */
import type { APIContext } from 'astro';
import { getDb } from '#db/client.ts';
import { isAppError } from '#db/errors.ts';
import { resetPassword, signIn, signUp } from '#db/accounts/users.ts';
import { requestPasswordReset } from '#db/accounts/password-resets.ts';
import { verifyEmail } from '#db/accounts/email-verification.ts';
import { PASSWORD_MISMATCH } from '#db/accounts/validation/users.ts';
import { safeRedirect } from '#site/lib/redirect.ts';
import { DEVICE_COOKIE, setDeviceCookie, setPendingSessionCookie, setSessionCookie } from './cookies.ts';

export interface FormOutcome {
  /** Where to go (303) when it worked. */
  redirect?: string;
  /** The failure, as the API would word it. */
  error?: string;
  /** A success to show on the page itself (the forgotten-password reply). */
  notice?: string;
  /** What was typed, to put back into the form (no passwords). */
  values: Record<string, string>;
}

/** What a page gives (Astro's page global and an endpoint's context both have these). */
export type FormContext = Pick<APIContext, 'request' | 'cookies' | 'url' | 'locals'>;

const FORM_LIMIT = 16 * 1024;

export const TWO_FACTOR_NEEDS_JAVASCRIPT =
  'This account signs in with a second factor, which this page asks for with JavaScript: turn it on and sign in again';

async function fields(request: Request): Promise<Record<string, string>> {
  if (Number(request.headers.get('content-length') ?? 0) > FORM_LIMIT) return {};
  try {
    const data = await request.formData();
    return Object.fromEntries(
      [...data]
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([k, v]) => [k, v.slice(0, 1000)]),
    );
  } catch {
    return {};
  }
}

/** Runs `work`; an expected failure (a domain error) becomes the page's message, anything else is thrown. */
async function attempt(
  values: Record<string, string>,
  work: () => Promise<Omit<FormOutcome, 'values'>>,
): Promise<FormOutcome> {
  try {
    return { ...(await work()), values };
  } catch (error) {
    if (isAppError(error)) return { error: error.message, values };
    throw error;
  }
}

const target = (context: FormContext) =>
  safeRedirect(context.url.searchParams.get('redirect'), '/', context.url.origin);

export async function postSignIn(context: FormContext): Promise<FormOutcome> {
  const form = await fields(context.request);
  return attempt({ email: form.email ?? '' }, async () => {
    const client = {
      address: context.locals.client.address,
      device: context.cookies.get(DEVICE_COOKIE)?.value,
      userAgent: context.request.headers.get('user-agent') ?? undefined,
    };
    const user = await signIn(await getDb(), { email: form.email, password: form.password }, client);
    setDeviceCookie(context.cookies, context.locals.client.https, user.device);
    if (user.twoFactor) {
      // The second factor is asked in the page's island: it needs JavaScript.
      setPendingSessionCookie(context.cookies, context.locals.client.https, user.token);
      return { error: TWO_FACTOR_NEEDS_JAVASCRIPT };
    }
    setSessionCookie(context.cookies, context.locals.client.https, user.token, user.expiresAt, user._id);
    return { redirect: target(context) };
  });
}

export async function postSignUp(context: FormContext): Promise<FormOutcome> {
  const form = await fields(context.request);
  return attempt({ name: form.name ?? '', email: form.email ?? '' }, async () => {
    if ((form.password ?? '') !== (form.confirmPassword ?? '')) return { error: PASSWORD_MISMATCH };
    const user = await signUp(
      await getDb(),
      { name: form.name, email: form.email, password: form.password },
      { address: context.locals.client.address, userAgent: context.request.headers.get('user-agent') ?? undefined },
    );
    setSessionCookie(context.cookies, context.locals.client.https, user.token, user.expiresAt, user._id);
    setDeviceCookie(context.cookies, context.locals.client.https, user.device);
    return { redirect: target(context) };
  });
}

export async function postForgetPassword(context: FormContext): Promise<FormOutcome> {
  const form = await fields(context.request);
  return attempt({ email: form.email ?? '' }, async () => ({
    notice: (
      await requestPasswordReset(await getDb(), { email: form.email }, { address: context.locals.client.address })
    ).message,
  }));
}

export async function postResetPassword(context: FormContext, token: string): Promise<FormOutcome> {
  const form = await fields(context.request);
  return attempt({}, async () => {
    if ((form.password ?? '') !== (form.confirmPassword ?? '')) return { error: PASSWORD_MISMATCH };
    await resetPassword(await getDb(), { token, password: form.password }, { address: context.locals.client.address });
    return { redirect: '/signin?notice=password-updated' };
  });
}

export async function postVerifyEmail(context: FormContext, token: string): Promise<FormOutcome> {
  return attempt({}, async () => ({
    notice: (await verifyEmail(await getDb(), { token }, { address: context.locals.client.address })).message,
  }));
}
