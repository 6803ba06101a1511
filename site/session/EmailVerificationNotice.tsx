/**
 * The profile's word on an address not verified yet (docs/product.md#how-things-change, Email verification):
 * what it means, and "Send a new link", whose answer (or failure) is said in place.
 */
import { useState } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';

export default function EmailVerificationNotice({ email }: { email: string }) {
  const [state, setState] = useState<{ sending: boolean; said: string | null; failed: boolean }>({
    sending: false,
    said: null,
    failed: false,
  });

  async function resend() {
    setState({ sending: true, said: null, failed: false });
    try {
      const { message } = await call('resendVerification');
      setState({ sending: false, said: message, failed: false });
    } catch (error) {
      setState({ sending: false, said: `${errorMessage(error)}. No link was sent; try again.`, failed: true });
    }
  }

  return (
    <div className="alert alert-warning flex flex-col items-start gap-2" data-email-unverified>
      <p>
        Your email address <strong className="break-words">{email}</strong> is not verified yet. Open the link we mailed
        to it; until then we send nothing else there.
      </p>
      <button type="button" className="btn btn-sm" disabled={state.sending} onClick={resend}>
        {state.sending && <span className="loading loading-spinner loading-xs" />}
        Send a new link
      </button>
      <p role={state.failed ? 'alert' : 'status'} className="text-sm" data-verification-said>
        {state.said}
      </p>
    </div>
  );
}
