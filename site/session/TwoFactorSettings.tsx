/**
 * The profile's "Two-factor sign-in" (docs/product.md#how-things-change): off, with its setup; on, with the
 * recovery codes left and, unless it is required of this admin, turning it off with a code.
 */
import { useState } from 'react';
import type { AnswerOf } from '#db/contract/operations.ts';
import { CODE_NEEDED } from '#db/accounts/validation/two-factor.ts';
import { ApiError, call } from '#site/lib/api.ts';
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
    return <p className="text-sm">Off. Two-factor sign-in is not offered on this site yet.</p>;
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
      <RenewRecoveryCodes onRenewed={(n) => setState({ ...state, recoveryCodesLeft: n })} />
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

/** New recovery codes, the earlier ones ended: confirmed by a code, shown this once. */
function RenewRecoveryCodes({ onRenewed }: { onRenewed: (left: number) => void }) {
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ renewCode: '' }, { stays: true });
  useFocusFirstInvalid(form.errors);
  if (codes)
    return (
      <div className="flex flex-col gap-2" data-recovery-codes>
        <p className="text-sm" role="status">
          Your new recovery codes (the earlier ones no longer work). They are shown only now:
        </p>
        <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
    );
  if (!open)
    return (
      <button type="button" className="btn btn-sm self-start" onClick={() => setOpen(true)}>
        Get new recovery codes…
      </button>
    );
  return (
    <form
      method="post"
      noValidate
      className="flex flex-col gap-2"
      {...form.handlers(
        ({ renewCode }): Checked<string, 'renewCode'> =>
          renewCode.trim() ? { data: renewCode.trim() } : { errors: { renewCode: CODE_NEEDED } },
        async (code: string) => {
          try {
            const { recoveryCodes } = await call('renewRecoveryCodes', { body: { code } });
            setCodes(recoveryCodes);
            onRenewed(recoveryCodes.length);
          } catch (error) {
            // The server names the field `code`; here it is `renewCode` (the form to turn it off has a `code`).
            if (error instanceof ApiError && error.fields.code)
              throw new ApiError(error.message, error.status, error.code, { renewCode: error.fields.code });
            throw error;
          }
        },
      )}
    >
      <FormAlert message={form.alert} />
      <Field
        name="renewCode"
        label="Code for new recovery codes"
        hint="From your authenticator app, or a recovery code."
        autoComplete="one-time-code"
        value={form.values.renewCode}
        onValue={form.set('renewCode')}
        error={form.errors.renewCode}
      />
      <div>
        <SubmitButton loading={form.sending}>Get new codes</SubmitButton>
      </div>
    </form>
  );
}
