/** Forget password (SPEC §2, §5, §7): the server's reply is shown as a success toast. */
import { useState, type SubmitEvent } from 'react';
import { forgetPasswordInput } from '#db/validation/users.ts';
import { apiPost, errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { Field, FormAlert, SubmitButton, fieldErrors, type FieldErrors } from './forms/ui.tsx';

export default function ForgetPasswordForm({ email: typed = '', error = null, notice = null }: { email?: string; error?: string | null; notice?: string | null }) {
  const [email, setEmail] = useState(notice ? '' : typed);
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [serverError, setServerError] = useState<string | null>(error);
  const [loading, setLoading] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = forgetPasswordInput.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors<'email'>(parsed.error.issues));
    setErrors({});
    setLoading(true);
    try {
      const reply = await apiPost<{ message: string }>('/api/users/forget-password', parsed.data);
      toast('success', reply.message);
      setEmail('');
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => setServerError(null)} className="flex flex-col gap-2">
      <FormAlert message={serverError} />
      {notice && !serverError && (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      )}
      <Field name="email" label="Email" type="email" autoComplete="email" required value={email} onValue={setEmail} error={errors.email} />
      <div className="mt-4">
        <SubmitButton loading={loading} posts>Submit</SubmitButton>
      </div>
    </form>
  );
}
