/**
 * A sign-in's second step (docs/product.md#how-things-change, Two-factor sign-in): the code of the
 * authenticator app, or a recovery code. It takes the focus when it appears; a wrong code is said beside it.
 */
import { useEffect, useRef } from 'react';
import type { AnswerOf } from '#db/contract/operations.ts';
import { CODE_NEEDED } from '#db/accounts/validation/two-factor.ts';
import { call } from '#site/lib/api.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { useFocusFirstInvalid, useForm, type Checked } from '../ui/use-form.ts';

export default function SecondFactorForm({
  onSignedIn,
}: {
  onSignedIn: (user: AnswerOf<'verifyTwoFactor'>) => Promise<void>;
}) {
  const form = useForm({ code: '' });
  useFocusFirstInvalid(form.errors);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus(), []);

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      className="flex flex-col gap-2"
      data-second-factor
      {...form.handlers(
        ({ code }): Checked<string, 'code'> =>
          code.trim() ? { data: code.trim() } : { errors: { code: CODE_NEEDED } },
        async (code: string) => onSignedIn(await call('verifyTwoFactor', { body: { code } })),
      )}
    >
      <p role="status">Your password is right. One more step: this account signs in with a second factor.</p>
      <FormAlert message={form.alert} />
      <Field
        name="code"
        label="Authentication code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        autoComplete="one-time-code"
        value={form.values.code}
        onValue={form.set('code')}
        error={form.errors.code}
      />
      <div className="mt-4">
        <SubmitButton loading={form.sending}>Verify</SubmitButton>
      </div>
    </form>
  );
}
