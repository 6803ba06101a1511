/** Sign up (SPEC §2, §5, §8): passwords must match before anything is sent. */
import { useState, type SubmitEvent } from 'react';
import { PASSWORD_MIN, signUpInput } from '#db/validation/users.ts';
import { ApiError, apiPost, errorMessage } from '#site/lib/api.ts';
import { safeRedirect } from '#site/lib/redirect.ts';
import { signIn, updateSaves, type UserInfo } from '#site/stores/session.ts';
import { Field, FormAlert, PASSWORD_MISMATCH, SubmitButton, fieldErrors, type FieldErrors } from './forms/ui.tsx';

type Key = 'name' | 'email' | 'password' | 'confirmPassword';

/** SPEC §8: any sign-up failure reads 'Email is already registered' — except a validation reply, whose message says more. */
function signUpFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return error.message;
  if (error instanceof ApiError && error.status === 0) return errorMessage(error);
  return 'Email is already registered';
}

export default function SignUpForm(props: { redirect: string | null; name?: string; email?: string; error?: string | null }) {
  const { redirect } = props;
  const [name, setName] = useState(props.name ?? '');
  const [email, setEmail] = useState(props.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<string | null>(props.error ?? null);
  const [loading, setLoading] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = signUpInput.safeParse({ name, email, password });
    const found = parsed.success ? {} : fieldErrors<Key>(parsed.error.issues);
    if (password !== confirmPassword) found.confirmPassword = PASSWORD_MISMATCH;
    if (!parsed.success || found.confirmPassword) return setErrors(found);
    setErrors({});
    setLoading(true);
    try {
      const user = await apiPost<UserInfo>('/api/users/signup', parsed.data);
      signIn(user);
      // A new account has saved nothing: the catalog pages can draw its bookmarks at once.
      updateSaves({ numSaves: 0, saves: [] });
      location.assign(safeRedirect(redirect, '/', location.origin));
    } catch (error) {
      setServerError(signUpFailure(error));
      setLoading(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => setServerError(null)} className="flex flex-col gap-2">
      <FormAlert message={serverError} />
      <Field name="name" label="Name" autoComplete="name" required value={name} onValue={setName} error={errors.name} />
      <Field name="email" label="Email" type="email" autoComplete="email" required value={email} onValue={setEmail} error={errors.email} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        value={password}
        onValue={setPassword}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN} characters`}
      />
      <Field
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onValue={setConfirmPassword}
        error={errors.confirmPassword}
      />
      <div className="mt-4">
        <SubmitButton loading={loading} posts>Sign Up</SubmitButton>
      </div>
    </form>
  );
}
