/**
 * Deleting one's own account (docs/product.md#pages Profile, #how-things-change): what it does is said before anything is asked;
 * "Delete your account…" opens the form, where the user chooses what becomes of their reviews and confirms
 * with their password. Done, the browser forgets the session and goes home with a toast. The server checks
 * the password, the choice and the last-admin rule again.
 */
import { useEffect, useRef, useState } from 'react';
import {
  accountDeletionInput,
  REVIEW_FATES,
  type AccountDeletionInput,
  type ReviewFate,
} from '#db/accounts/validation/users.ts';
import { ApiError, call } from '#site/lib/api.ts';
import { signOut } from '#site/stores/session.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { useFocusFirstInvalid, useForm, type Checked } from '../ui/use-form.ts';

const FATES: Record<ReviewFate, { label: string; hint: string }> = {
  anonymise: { label: 'Anonymise my reviews', hint: 'They stay, with their stars, under the name “Former member”.' },
  delete: {
    label: 'Delete my reviews',
    hint: 'They are removed, and the ratings of what you reviewed are counted without them.',
  },
};

export default function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const form = useForm({ accountPassword: '', reviews: 'anonymise' as ReviewFate });
  const { values, errors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useFocusFirstInvalid(errors);

  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [open]);

  const check = ({ accountPassword, reviews }: typeof values): Checked<AccountDeletionInput, 'accountPassword'> => {
    const result = accountDeletionInput.safeParse({ password: accountPassword, reviews });
    return result.success ? { data: result.data } : { errors: { accountPassword: result.error.issues[0]?.message } };
  };

  async function remove(input: AccountDeletionInput) {
    let message: string;
    try {
      ({ message } = await call('deleteAccount', { body: input }));
    } catch (error) {
      // The server names the field `password`; here it is `accountPassword` (the profile form above has a `password`).
      if (error instanceof ApiError && error.fields.password)
        throw new ApiError(error.message, error.status, error.code, { accountPassword: error.fields.password });
      throw error;
    }
    signOut();
    flashToast('success', message);
    location.assign('/');
  }

  return (
    <div className="flex flex-col gap-3">
      {/* What it does, said before anything is asked (docs/product.md#pages Profile). */}
      <p data-deletion-consequences>
        Deleting your account cannot be undone: your reviews are removed or anonymised, as you choose; your submissions
        are kept without your name; your saves and sessions are deleted, and so are your reports of broken links.
      </p>
      {!open ? (
        <button
          ref={opener}
          type="button"
          className="btn btn-error btn-outline self-start"
          onClick={() => setOpen(true)}
        >
          Delete your account…
        </button>
      ) : (
        <form
          ref={formRef}
          method="post"
          noValidate
          {...form.handlers(check, remove)}
          className="flex flex-col gap-2"
          aria-label="Delete your account"
        >
          <FormAlert message={form.alert} />
          <fieldset className="fieldset" disabled={form.sending}>
            <legend className="fieldset-legend text-sm">Your reviews</legend>
            {REVIEW_FATES.map((fate) => (
              <label key={fate} className="label cursor-pointer items-start gap-3 whitespace-normal text-base-content">
                <input
                  type="radio"
                  name="reviews"
                  value={fate}
                  className="radio radio-sm mt-1"
                  checked={values.reviews === fate}
                  onChange={() => form.set('reviews')(fate)}
                />
                <span>
                  {FATES[fate].label}
                  <span className="block text-xs text-base-content/80">{FATES[fate].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Field
            name="accountPassword"
            label="Your password"
            type="password"
            autoComplete="current-password"
            hint="To confirm that it is you."
            value={values.accountPassword}
            onValue={form.set('accountPassword')}
            error={errors.accountPassword}
          />
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <div className="flex-1">
              <SubmitButton loading={form.sending} tone="btn-error">
                Delete my account
              </SubmitButton>
            </div>
            <button
              type="button"
              className="btn"
              disabled={form.sending}
              onClick={() => {
                setOpen(false);
                requestAnimationFrame(() => opener.current?.focus());
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
