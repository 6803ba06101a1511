/** Forget password (docs/product.md#pages, #validation, #the-rest-api): the server's reply is shown as a success toast. */
import { forgetPasswordInput } from '#db/accounts/validation/users.ts';
import { call } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, useForm } from '../ui/use-form.ts';

export default function ForgetPasswordForm({
  email = '',
  error = null,
  notice = null,
}: {
  email?: string;
  error?: string | null;
  notice?: string | null;
}) {
  const form = useForm({ email: notice ? '' : email }, { alert: error, stays: true });
  useFocusFirstInvalid(form.errors);

  async function requestLink(input: { email: string }) {
    const reply = await call('forgetPassword', { body: input });
    toast('success', reply.message);
    form.setValues({ email: '' });
  }

  return (
    <form
      method="post"
      noValidate
      {...form.handlers((v) => checked(forgetPasswordInput.safeParse(v)), requestLink)}
      className="flex flex-col gap-2"
    >
      <FormAlert message={form.alert} />
      {notice && !form.alert && (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      )}
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={form.values.email}
        onValue={form.set('email')}
        error={form.errors.email}
      />
      <div className="mt-4">
        <SubmitButton loading={form.sending} posts>
          Submit
        </SubmitButton>
      </div>
    </form>
  );
}
