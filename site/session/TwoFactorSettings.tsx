/**
 * The profile's "Two-factor sign-in" (docs/product.md#how-things-change): off, with its setup; on, with the
 * recovery codes left and, unless it is required of this admin, turning it off with a code.
 */
import { useState } from 'react';
import type { AnswerOf } from '#db/contract/operations.ts';
import { CODE_NEEDED } from '#db/accounts/validation/two-factor.ts';
import { call } from '#site/lib/api.ts';
import { plural } from '#db/validation/text.ts';
import { toast } from '#site/stores/toasts.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import { useFocusFirstInvalid, useForm, type Checked } from '../ui/use-form.ts';
import TwoFactorSetup from './TwoFactorSetup.tsx';

export default function TwoFactorSettings(props: AnswerOf<'twoFactorStatus'>) {
  const [state, setState] = useState(props);
  const [settingUp, setSettingUp] = useState(false);
  const form = useForm({ code: '' }, { stays: true });
  useFocusFirstInvalid(form.errors);

  if (settingUp)
    return (
      <TwoFactorSetup
        onDone={() => {
          setSettingUp(false);
          setState({ ...state, enabled: true, recoveryCodesLeft: 10 });
        }}
      />
    );
  if (!state.enabled && !state.available)
    return (
      <p className="text-sm">
        Off. This server is not set up for two-factor sign-in yet (its operator sets TWO_FACTOR_KEY).
      </p>
    );
  if (!state.enabled)
    return (
      <div className="flex flex-col gap-3" data-two-factor="off">
        <p className="text-sm">
          Off. With it on, signing in asks for a code from an authenticator app on your phone as well as your password.
        </p>
        <button type="button" className="btn self-start" onClick={() => setSettingUp(true)}>
          Set up two-factor sign-in
        </button>
      </div>
    );
  return (
    <div className="flex flex-col gap-3" data-two-factor="on">
      <p className="text-sm">
        On: signing in asks for your authenticator app’s code. {plural(state.recoveryCodesLeft, 'recovery code')} left.
      </p>
      {state.required ? (
        <p className="text-sm">Admins must keep it on on this site.</p>
      ) : (
        <form
          method="post"
          noValidate
          className="flex flex-col gap-2"
          {...form.handlers(
            ({ code }): Checked<string, 'code'> =>
              code.trim() ? { data: code.trim() } : { errors: { code: CODE_NEEDED } },
            async (code: string) => {
              const { message } = await call('disableTwoFactor', { body: { code } });
              setState({ ...state, enabled: false, recoveryCodesLeft: 0 });
              form.setValues({ code: '' });
              toast('success', message);
            },
          )}
        >
          <FormAlert message={form.alert} />
          <Field
            name="code"
            label="Code to turn it off"
            hint="From your authenticator app, or a recovery code."
            autoComplete="one-time-code"
            value={form.values.code}
            onValue={form.set('code')}
            error={form.errors.code}
          />
          <div>
            <SubmitButton loading={form.sending} tone="btn-error">
              Turn off
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
