/** Sign up (docs/product.md#pages, #validation, #messages): passwords must match before anything is sent. */
import { PASSWORD_MIN, signUpInput, type SignUpInput } from '#db/accounts/validation/users.ts';
import { ApiError, call, errorMessage } from '#site/lib/api.ts';
import { safeRedirect } from '#site/lib/redirect.ts';
import { markArrival } from './return-focus.ts';
import { signIn, updateSaves } from '#site/stores/session.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, mismatchedPasswords, useForm } from '../ui/use-form.ts';

/** docs/product.md#messages: any sign-up failure reads 'Email is already registered' — except a validation reply, whose message says more. */
function signUpFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return error.message;
  if (error instanceof ApiError && error.status === 0) return errorMessage(error);
  return 'Email is already registered';
}

export default function SignUpForm(props: {
  redirect: string | null;
  name?: string;
  email?: string;
  error?: string | null;
}) {
  const { redirect } = props;
  const form = useForm(
    { name: props.name ?? '', email: props.email ?? '', password: '', confirmPassword: '' },
    { alert: props.error ?? null, failure: signUpFailure },
  );
  const { values, errors } = form;
  useFocusFirstInvalid(errors);

  async function signUpWith(input: SignUpInput) {
    const user = await call('signUp', { body: input });
    signIn(user);
    // A new account has saved nothing: the catalog pages can draw its bookmarks at once.
    updateSaves({ numSaves: 0, saves: [] });
    const target = safeRedirect(redirect, '/', location.origin);
    markArrival(target);
    location.assign(target);
  }

  const check = ({ name, email, password, confirmPassword }: typeof values) =>
    checked(signUpInput.safeParse({ name, email, password }), mismatchedPasswords(password, confirmPassword));

  return (
    <form method="post" noValidate {...form.handlers(check, signUpWith)} className="flex flex-col gap-2">
      <FormAlert message={form.alert} />
      <Field
        name="name"
        label="Name"
        autoComplete="name"
        required
        value={values.name}
        onValue={form.set('name')}
        error={errors.name}
      />
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
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        value={values.password}
        onValue={form.set('password')}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN} characters`}
      />
      <Field
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onValue={form.set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <div className="mt-4">
        <SubmitButton loading={form.sending} posts>
          Sign Up
        </SubmitButton>
      </div>
    </form>
  );
}
