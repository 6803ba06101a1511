/** SPEC §2 Edit user: name and email (required), isAdmin; 'User updated successfully' → /admin/users. */
import { useState, type SubmitEvent } from 'react';
import { adminUserInput } from '#db/validation/admin.ts';
import { apiPut, errorMessage } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { Field, FormAlert, SubmitButton, fieldErrors, type FieldErrors } from '../forms/ui.tsx';
import { CheckboxField, useFocusFirstInvalid, useHydrated } from '../forms/fields.tsx';

type Key = 'name' | 'email' | 'isAdmin';

interface Props {
  user: { _id: string; name: string; email: string; isAdmin: boolean };
  /** The admin is editing their own account. */
  isSelf: boolean;
}

export default function UserForm({ user, isSelf }: Props) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  useFocusFirstInvalid(errors);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = adminUserInput.safeParse({ name, email, isAdmin });
    if (!parsed.success) return setErrors(fieldErrors<Key>(parsed.error.issues));
    setErrors({});
    setSaving(true);
    try {
      await apiPut(`/api/users/${user._id}`, { _id: user._id, ...parsed.data });
      flashToast('success', 'User updated successfully');
      location.assign('/admin/users');
    } catch (error) {
      setServerError(errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => setServerError(null)} className="flex flex-col gap-2" aria-label="Edit user">
      <FormAlert message={serverError} />
      <fieldset disabled={!hydrated} className="contents">
        <Field name="name" label="Name" autoComplete="off" required value={name} onValue={setName} error={errors.name} />
        <Field name="email" label="Email" type="email" autoComplete="off" required value={email} onValue={setEmail} error={errors.email} />
        <CheckboxField
          name="isAdmin"
          label="Is Admin"
          checked={isAdmin}
          onChecked={setIsAdmin}
          hint={isSelf ? 'This is your own account: giving up admin rights signs you out of this session.' : undefined}
        />
      </fieldset>
      <div className="mt-4">
        <SubmitButton loading={saving}>Update</SubmitButton>
      </div>
    </form>
  );
}
