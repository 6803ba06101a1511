/** Reset password (docs/product.md#pages, #validation): on success the notice follows the browser to /signin. */
import { PASSWORD_MIN, password as passwordSchema } from '#db/accounts/validation/users.ts';
import { call } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { mismatchedPasswords, useForm, type Checked } from '../ui/use-form.ts';

type Values = { password: string; confirmPassword: string };

/** The password alone is checked here: the token is the server's to judge. */
function check({ password, confirmPassword }: Values): Checked<string, keyof Values> {
  const parsed = passwordSchema.safeParse(password);
  const errors = {
    ...(parsed.success ? {} : { password: parsed.error.issues[0]?.message ?? 'Password is required' }),
    ...mismatchedPasswords(password, confirmPassword),
  };
  return Object.keys(errors).length > 0 ? { errors } : { data: password };
}

export default function ResetPasswordForm({ token, error = null }: { token: string; error?: string | null }) {
  const form = useForm<Values>({ password: '', confirmPassword: '' }, { alert: error });
  const { values, errors } = form;

  async function resetTo(password: string) {
    await call('resetPassword', { body: { token, password } });
    flashToast('success', 'Password updated successfully');
    location.assign('/signin');
  }

  return (
    <form method="post" noValidate {...form.handlers(check, resetTo)} className="flex flex-col gap-2">
      <FormAlert message={form.alert} />
      <Field
        name="password"
        label="New Password"
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
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onValue={form.set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <div className="mt-4">
        <SubmitButton loading={form.sending} posts>
          Reset Password
        </SubmitButton>
      </div>
    </form>
  );
}
