/** Sign in (SPEC §2): on success the user is stored and the browser goes to the redirect target. */
import { useState, type SubmitEvent } from 'react';
import { signInInput } from '#db/validation/users.ts';
import { apiGet, apiPost, errorMessage } from '#site/lib/api.ts';
import { safeRedirect } from '#site/lib/redirect.ts';
import { signIn, updateSaves, type UserInfo, type UserSaves } from '#site/stores/session.ts';
import { Field, FormAlert, SubmitButton, fieldErrors, type FieldErrors } from './forms/ui.tsx';

type Key = 'email' | 'password';

export default function SignInForm({ redirect, email: typed = '', error = null }: { redirect: string | null; email?: string; error?: string | null }) {
  const [email, setEmail] = useState(typed);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<string | null>(error);
  const [loading, setLoading] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = signInInput.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors<Key>(parsed.error.issues));
    setErrors({});
    setLoading(true);
    try {
      const user = await apiPost<UserInfo>('/api/users/signin', parsed.data);
      signIn(user);
      // The saves first, so the next page (a catalog page, drawn from the stored state) shows the bookmarks
      // at once; if they cannot be loaded now, that page loads them.
      await apiGet<UserSaves>(`/api/users/saves/${encodeURIComponent(user._id)}`).then(updateSaves, () => undefined);
      location.assign(safeRedirect(redirect, '/', location.origin));
    } catch (error) {
      setServerError(errorMessage(error));
      setLoading(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => setServerError(null)} className="flex flex-col gap-2">
      <FormAlert message={serverError} />
      <Field name="email" label="Email" type="email" autoComplete="email" required value={email} onValue={setEmail} error={errors.email} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
        error={errors.password}
      />
      <div className="mt-4">
        <SubmitButton loading={loading} posts>Sign In</SubmitButton>
      </div>
    </form>
  );
}
