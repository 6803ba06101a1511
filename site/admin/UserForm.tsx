/** docs/product.md#pages Edit user: name and email (required), isAdmin; 'User updated successfully' → the list as it was left. */
import { adminUserInput, type AdminUserInput } from '#db/accounts/validation/users.ts';
import { call } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { CheckboxField, Field, FormAlert, SubmitButton, useHydrated } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, useForm } from '../ui/use-form.ts';

interface Props {
  user: { _id: string; name: string; email: string; isAdmin: boolean };
  /** The admin is editing their own account. */
  isSelf: boolean;
  /** The list's address in the view the screen was opened from. */
  returnTo: string;
}

export default function UserForm({ user, isSelf, returnTo }: Props) {
  const form = useForm({ name: user.name, email: user.email, isAdmin: user.isAdmin });
  const { values, errors } = form;
  const hydrated = useHydrated();
  useFocusFirstInvalid(errors);

  async function update(input: AdminUserInput) {
    await call('changeUser', { params: { id: user._id }, body: input });
    flashToast('success', 'User updated successfully');
    location.assign(returnTo);
  }

  return (
    <form
      method="post"
      noValidate
      {...form.handlers((v) => checked(adminUserInput.safeParse(v)), update)}
      className="flex flex-col gap-2"
      aria-label="Edit user"
    >
      <FormAlert message={form.alert} />
      <fieldset disabled={!hydrated} className="contents">
        <Field
          name="name"
          label="Name"
          autoComplete="off"
          required
          value={values.name}
          onValue={form.set('name')}
          error={errors.name}
        />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={values.email}
          onValue={form.set('email')}
          error={errors.email}
        />
        <CheckboxField
          name="isAdmin"
          label="Is Admin"
          checked={values.isAdmin}
          onChecked={form.set('isAdmin')}
          hint={isSelf ? 'This is your own account: giving up admin rights signs you out of this session.' : undefined}
        />
      </fieldset>
      <div className="mt-4">
        <SubmitButton loading={form.sending}>Update</SubmitButton>
      </div>
    </form>
  );
}
