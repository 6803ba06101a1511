/**
 * "Report a broken link" on a content page (issue 16 §2), for signed-in users: one report per user and link;
 * the server checks the link at once and the admins see the report. After reporting (or when the user had
 * already), the button gives way to a note.
 */
import { useState } from 'react';
import { ApiError, apiPost, errorMessage } from '#site/lib/api.ts';
import { useHydrated } from './forms/fields.tsx';

const THANKS = 'Thank you: you reported this link, and we check it.';

export default function ReportLinkButton({ contentId, reported }: { contentId: string; reported: boolean }) {
  const [done, setDone] = useState(reported);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function report() {
    setSending(true);
    setError(null);
    try {
      await apiPost(`/api/contents/${encodeURIComponent(contentId)}/report-link`);
      setDone(true);
    } catch (failure) {
      // Reported already (another tab): the same as done.
      if (failure instanceof ApiError && failure.status === 409) setDone(true);
      else setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="text-sm" data-report-link>
      {done ? (
        <p role="status" className="text-base-content/80">
          {THANKS}
        </p>
      ) : (
        <button type="button" className="btn btn-ghost btn-xs px-1" disabled={!hydrated || sending} aria-busy={sending || undefined} onClick={() => void report()}>
          Report a broken link
        </button>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
