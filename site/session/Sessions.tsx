/**
 * The profile's sessions (docs/product.md#how-things-change, Sessions): every browser and client signed in to
 * the account, this one first, each with its device, address and when it was last used; "Sign out" ends one,
 * "Sign out everywhere else" all but this one. Drawn on the server with the page (`now` is the server's, so
 * the first paint and the hydrated island say the same "last used"); the server checks whose session it is.
 */
import { useRef, useState } from 'react';
import type { SessionListShape } from '#db/accounts/contract.ts';
import { call, errorMessage } from '#site/lib/api.ts';
import { plural } from '#db/validation/text.ts';
import { toast } from '#site/stores/toasts.ts';

type Session = SessionListShape['sessions'][number];

const MINUTE = 60 * 1000;
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Active now" within the five minutes a session's last use may lag, then minutes, hours, and the day. */
export function lastUsed(iso: string, now: number): string {
  const ago = now - Date.parse(iso);
  if (ago < 5 * MINUTE) return 'Active now';
  if (ago < 60 * MINUTE) return `Last used ${plural(Math.floor(ago / MINUTE), 'minute')} ago`;
  if (ago < 24 * 60 * MINUTE) return `Last used ${plural(Math.floor(ago / (60 * MINUTE)), 'hour')} ago`;
  return `Last used ${DAY_MONTH_YEAR.format(new Date(iso))}`;
}

export default function Sessions(props: SessionListShape & { now: number }) {
  const [sessions, setSessions] = useState(props.sessions);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const others = sessions.filter((session) => !session.current);

  async function end(session: Session | 'others') {
    setBusy(session === 'others' ? 'others' : session._id);
    setError(null);
    try {
      const { message } =
        session === 'others'
          ? await call('endOtherSessions')
          : await call('endSession', { params: { id: session._id } });
      setSessions((all) => all.filter((s) => s.current || (session !== 'others' && s._id !== session._id)));
      toast('success', message);
      // The button pressed is gone: the keyboard goes on from the list's summary.
      heading.current?.focus();
    } catch (failure) {
      setError(`${errorMessage(failure)}. Nothing was signed out; try again.`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-sessions>
      <p ref={heading} tabIndex={-1} className="text-sm outline-none" data-sessions-summary>
        {others.length === 0
          ? 'You are signed in only here.'
          : `You are signed in here and in ${plural(others.length, 'other session')}.`}
      </p>
      {error && (
        <div role="alert" className="alert alert-error text-sm">
          <span>{error}</span>
        </div>
      )}
      <ul className="flex flex-col divide-y divide-base-300">
        {sessions.map((session) => (
          <li key={session._id} className="flex items-center justify-between gap-3 py-2" data-session={session._id}>
            <div className="min-w-0">
              <p className="font-medium">
                {session.device}
                {session.current && <span className="badge badge-outline badge-sm ml-2">This browser</span>}
              </p>
              <p className="text-sm opacity-80 break-words">
                {session.address ? `${session.address} · ` : ''}
                {session.current ? 'Active now' : lastUsed(session.lastUsedAt, props.now)}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className="btn btn-sm btn-ghost shrink-0"
                aria-label={`Sign out ${session.device}, ${lastUsed(session.lastUsedAt, props.now).toLowerCase()}`}
                disabled={busy !== null}
                onClick={() => end(session)}
              >
                {busy === session._id ? <span className="loading loading-spinner loading-xs" /> : 'Sign out'}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className="btn btn-outline self-start"
          disabled={busy !== null}
          onClick={() => end('others')}
        >
          {busy === 'others' && <span className="loading loading-spinner loading-xs" />}
          Sign out everywhere else
        </button>
      )}
    </div>
  );
}
