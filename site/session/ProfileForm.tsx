/**
 * Profile (docs/product.md#pages, #validation): blank passwords keep the current one; the returned user (maybe a new token) is
 * stored. The checkbox turns the mails about decisions on one's submissions on or off (docs/product.md#how-things-change,
 * decision 016).
 */
import { useState } from 'react';
import { profileInput } from '#db/accounts/validation/users.ts';
import EmailVerificationNotice from './EmailVerificationNotice.tsx';
import { call } from '#site/lib/api.ts';
import { signIn } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { CheckboxField, Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, mismatchedPasswords, useForm } from '../ui/use-form.ts';

const KEEP = 'leave blank to keep the same';
const BLANK = { password: '', confirmPassword: '', currentPassword: '' };

interface ProfileFormProps {
  name: string;
  email: string;
  decisionMails: boolean;
  /** Whether the address is verified; a change of email makes the new one wait for its link. */
  emailVerified: boolean;
}

/** What the form sends: the password as typed, blank to keep it. */
interface ProfileChange {
  name: string;
  email: string;
  password: string;
  decisionMails: boolean;
  currentPassword: string;
}

export default function ProfileForm(props: ProfileFormProps) {
  const [unverified, setUnverified] = useState(props.emailVerified ? null : props.email);
  const form = useForm(
    { name: props.name, email: props.email, decisionMails: props.decisionMails, ...BLANK },
    // The server's word on a field (the current password, say) goes beside it.
    { stays: true },
  );
  const { values, errors } = form;
  useFocusFirstInvalid(errors);
  // A new email or password asks for the current one (the server needs it unless you signed in lately).
  const sensitive = values.password !== '' || values.email.trim().toLowerCase() !== props.email.toLowerCase();

  const check = ({ name, email, password, confirmPassword, decisionMails, currentPassword }: typeof values) => {
    const result = checked(
      profileInput.safeParse({ name, email, password }),
      mismatchedPasswords(password, confirmPassword),
    );
    // The password as typed (blank keeps the current one); name and email as the schema cleaned them.
    return 'errors' in result
      ? result
      : { data: { name: result.data.name, email: result.data.email, password, decisionMails, currentPassword } };
  };

  async function save(input: ProfileChange) {
    const user = await call('changeProfile', { body: input });
    const { decisionMails, emailVerified, ...info } = user;
    signIn(info);
    form.setValues({ name: user.name, email: user.email, decisionMails, ...BLANK });
    setUnverified(emailVerified ? null : user.email);
    toast('success', 'User Updated Successfully');
  }

  return (
    <form method="post" noValidate {...form.handlers(check, save)} className="flex flex-col gap-2">
      {unverified && <EmailVerificationNotice key={unverified} email={unverified} />}
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
        placeholder={KEEP}
        value={values.password}
        onValue={form.set('password')}
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder={KEEP}
        value={values.confirmPassword}
        onValue={form.set('confirmPassword')}
        error={errors.confirmPassword}
      />
      {(sensitive || errors.currentPassword) && (
        <Field
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          hint="To change your email or password: not needed within 15 minutes of signing in."
          value={values.currentPassword}
          onValue={form.set('currentPassword')}
          error={errors.currentPassword}
        />
      )}
      <CheckboxField
        name="decisionMails"
        label="Mail me about my submissions"
        hint="A mail when a moderator approves a link you submitted, or turns it down (with the reason)."
        checked={values.decisionMails}
        onChecked={form.set('decisionMails')}
      />
      <div className="mt-4">
        <SubmitButton loading={form.sending}>Update</SubmitButton>
      </div>
    </form>
  );
}
