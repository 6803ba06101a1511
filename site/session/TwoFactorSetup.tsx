/**
 * Setting up two-factor sign-in (docs/product.md#how-things-change, Two-factor sign-in): a new key for the
 * authenticator app, as a QR code to scan, as text and as an otpauth:// link; the app's code turns it on; then the ten recovery
 * codes, shown this once, until the person says they kept them. Used on the profile, and at the sign-in of
 * an admin who must set it up first.
 */
import { useEffect, useRef, useState } from 'react';
import type { AnswerOf } from '#db/contract/operations.ts';
import { CODE_NEEDED } from '#db/accounts/validation/two-factor.ts';
import { call, errorMessage } from '#site/lib/api.ts';
import { Field, FormAlert, SubmitButton } from '../ui/fields.tsx';
import QrCode from '../ui/QrCode.tsx';
import { useFocusFirstInvalid, useForm, type Checked } from '../ui/use-form.ts';

type Enabled = AnswerOf<'enableTwoFactor'>;

/** The key in groups of four, as authenticator apps show theirs. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export default function TwoFactorSetup({ onDone }: { onDone: (enabled: Enabled) => void }) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [enabled, setEnabled] = useState<Enabled | null>(null);
  const form = useForm({ code: '' }, { stays: true });
  useFocusFirstInvalid(form.errors);
  const codes = useRef<HTMLHeadingElement>(null);

  async function start() {
    setFailed(null);
    try {
      setSetup(await call('beginTwoFactorSetup'));
    } catch (error) {
      setFailed(`${errorMessage(error)}. Try again.`);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when shown
  useEffect(() => {
    void start();
  }, []);
  useEffect(() => {
    if (enabled) codes.current?.focus();
  }, [enabled]);

  if (enabled)
    return (
      <div className="flex flex-col gap-3" data-recovery-codes>
        <h3 ref={codes} tabIndex={-1} className="font-semibold outline-none">
          Two-factor sign-in is on. Keep these recovery codes
        </h3>
        <p className="text-sm">
          Each code signs you in once if you lose your app. They are shown only now: print them, or keep them in a
          password manager.
        </p>
        <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
          {enabled.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary self-start" onClick={() => onDone(enabled)}>
          I have kept my recovery codes
        </button>
      </div>
    );

  if (!setup)
    return failed ? (
      <div role="alert" className="alert alert-error flex flex-col items-start gap-2">
        <span>{failed}</span>
        <button type="button" className="btn btn-sm" onClick={start}>
          Retry
        </button>
      </div>
    ) : (
      <p aria-busy="true" className="text-sm">
        <span className="loading loading-spinner loading-xs" /> Making a key for your app…
      </p>
    );

  return (
    <form
      method="post"
      noValidate
      className="flex flex-col gap-2"
      data-two-factor-setup
      {...form.handlers(
        ({ code }): Checked<string, 'code'> =>
          code.trim() ? { data: code.trim() } : { errors: { code: CODE_NEEDED } },
        async (code: string) => setEnabled(await call('enableTwoFactor', { body: { secret: setup.secret, code } })),
      )}
    >
      <FormAlert message={form.alert} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <QrCode text={setup.uri} label="QR code of the key: scan it with your authenticator app" />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm">
            Scan this code with your authenticator app. Or add an account there with this key (or{' '}
            <a className="link link-primary" href={setup.uri}>
              open it in the app
            </a>
            ):
          </p>
          <p className="break-all rounded bg-base-200 p-2 font-mono" data-two-factor-secret>
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <Field
        name="code"
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={form.values.code}
        onValue={form.set('code')}
        error={form.errors.code}
      />
      <div className="mt-2">
        <SubmitButton loading={form.sending}>Turn on</SubmitButton>
      </div>
    </form>
  );
}
