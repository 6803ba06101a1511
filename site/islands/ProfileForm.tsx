/**
 * Profile (SPEC §2, §5): blank passwords keep the current one; the returned user (maybe a new token) is
 * stored. The checkbox turns the mails about decisions on one's submissions on or off (issue 16 §1).
 */
import { useState, type SubmitEvent } from 'react';
import { profileInput } from '#db/validation/users.ts';
import { apiPut, errorMessage } from '#site/lib/api.ts';
import { signIn, type UserInfo } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { Field, FormAlert, PASSWORD_MISMATCH, SubmitButton, fieldErrors, type FieldErrors } from './forms/ui.tsx';
import { CheckboxField } from './forms/fields.tsx';

type Key = 'name' | 'email' | 'password' | 'confirmPassword';

const KEEP = 'leave blank to keep the same';

export default function ProfileForm(props: { name: string; email: string; decisionMails: boolean }) {
  const [name, setName] = useState(props.name);
  const [email, setEmail] = useState(props.email);
  const [decisionMails, setDecisionMails] = useState(props.decisionMails);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = profileInput.safeParse({ name, email, password });
    const found = parsed.success ? {} : fieldErrors<Key>(parsed.error.issues);
    if (password !== confirmPassword) found.confirmPassword = PASSWORD_MISMATCH;
    if (!parsed.success || found.confirmPassword) return setErrors(found);
    setErrors({});
    setLoading(true);
    try {
      const user = await apiPut<UserInfo & { decisionMails: boolean }>('/api/users/profile', { name: parsed.data.name, email: parsed.data.email, password, decisionMails });
      const { decisionMails: saved, ...info } = user;
      signIn(info);
      setName(user.name);
      setEmail(user.email);
      setDecisionMails(saved);
      setPassword('');
      setConfirmPassword('');
      toast('success', 'User Updated Successfully');
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
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
        placeholder={KEEP}
        value={password}
        onValue={setPassword}
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder={KEEP}
        value={confirmPassword}
        onValue={setConfirmPassword}
        error={errors.confirmPassword}
      />
      <CheckboxField
        name="decisionMails"
        label="Mail me about my submissions"
        hint="A mail when a moderator approves a link you submitted, or turns it down (with the reason)."
        checked={decisionMails}
        onChecked={setDecisionMails}
      />
      <div className="mt-4">
        <SubmitButton loading={loading}>Update</SubmitButton>
      </div>
    </form>
  );
}
