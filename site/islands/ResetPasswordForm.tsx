/** Reset password (SPEC §2, §5): on success the notice follows the browser to /signin. */
import { useState, type SubmitEvent } from 'react';
import { PASSWORD_MIN, password as passwordSchema } from '#db/validation/users.ts';
import { apiPost, errorMessage } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { Field, FormAlert, PASSWORD_MISMATCH, SubmitButton, type FieldErrors } from './forms/ui.tsx';

type Key = 'password' | 'confirmPassword';

export default function ResetPasswordForm({ token, error = null }: { token: string; error?: string | null }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<string | null>(error);
  const [loading, setLoading] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found: FieldErrors<Key> = {};
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) found.password = parsed.error.issues[0]?.message ?? 'Password is required';
    if (password !== confirmPassword) found.confirmPassword = PASSWORD_MISMATCH;
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    setLoading(true);
    try {
      await apiPost('/api/users/reset-password', { token, password });
      flashToast('success', 'Password updated successfully');
      location.assign('/signin');
    } catch (error) {
      setServerError(errorMessage(error));
      setLoading(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => setServerError(null)} className="flex flex-col gap-2">
      <FormAlert message={serverError} />
      <Field
        name="password"
        label="New Password"
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
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onValue={setConfirmPassword}
        error={errors.confirmPassword}
      />
      <div className="mt-4">
        <SubmitButton loading={loading} posts>Reset Password</SubmitButton>
      </div>
    </form>
  );
}
