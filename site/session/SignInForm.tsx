/**
 * Sign in (docs/product.md#pages): the email field takes the focus; on success the user is stored and the
 * browser goes to the redirect target, where the focus returns to where the person was (./return-focus.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { signInInput, type SignInInput } from '#db/accounts/validation/users.ts';
import { call } from '#site/lib/api.ts';
import { safeRedirect } from '#site/lib/redirect.ts';
import { markArrival } from './return-focus.ts';
import { signIn, updateSaves, type UserInfo } from '#site/stores/session.ts';
import SecondFactorForm from './SecondFactorForm.tsx';
import TwoFactorSetup from './TwoFactorSetup.tsx';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, useForm } from '../ui/use-form.ts';

export default function SignInForm({
  redirect,
  email = '',
  error = null,
}: {
  redirect: string | null;
  email?: string;
  error?: string | null;
}) {
  const form = useForm({ email, password: '' }, { alert: error });
  const { values, errors } = form;
  useFocusFirstInvalid(errors);
  const formRef = useRef<HTMLFormElement>(null);
  const [waiting, setWaiting] = useState<'verify' | 'setup' | null>(null);
  // The page is for typing into: the email first (the password when the email came back from a failed
  // post), unless the person already chose a place before the form came to life.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    formRef.current?.querySelector<HTMLInputElement>(email ? 'input[name="password"]' : 'input[name="email"]')?.focus();
  }, [email]);

  async function signInWith(input: SignInInput) {
    const { twoFactor, ...user } = await call('signIn', { body: input });
    // Past the password, short of the second factor (or of its setup): the next step, on this page.
    if (twoFactor) return setWaiting(twoFactor);
    await finish(user);
  }

  async function finish(user: UserInfo) {
    signIn(user);
    // The saves first, so the next page (a catalog page, drawn from the stored state) shows the bookmarks
    // at once; if they cannot be loaded now, that page loads them.
    await call('userSaves', { params: { id: user._id } }).then(updateSaves, () => undefined);
    const target = safeRedirect(redirect, '/', location.origin);
    markArrival(target);
    location.assign(target);
  }

  if (waiting === 'verify') return <SecondFactorForm onSignedIn={finish} />;
  if (waiting === 'setup')
    return (
      <div className="flex flex-col gap-3" data-second-factor-setup>
        <p role="status">
          Your password is right. Admins sign in with a second factor on this site: set up an authenticator app now.
        </p>
        <TwoFactorSetup onDone={({ user }) => void finish(user)} />
      </div>
    );

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      {...form.handlers((v) => checked(signInInput.safeParse(v)), signInWith)}
      className="flex flex-col gap-2"
    >
      <FormAlert message={form.alert} />
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onValue={form.set('email')}
        error={errors.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onValue={form.set('password')}
        error={errors.password}
      />
      <div className="mt-4">
        <SubmitButton loading={form.sending} posts>
          Sign In
        </SubmitButton>
      </div>
    </form>
  );
}
