/**
 * The submit form's live duplicate check (decision 016): once the typed URL parses, the server is asked (after
 * a pause in typing) whether the link is already listed, already waiting, rejected before, or new, and the
 * answer shows under the field. Answers are kept per URL, so going back to one asks nothing.
 */
import { useEffect, useRef, useState } from 'react';
import type { UrlCheckShape } from '#db/submissions/contract.ts';
import { isHttpUrl } from '#db/catalog/urls.ts';
import { reasonLabel } from '#db/submissions/validation/rejection.ts';
import { call } from '#site/lib/api.ts';
import { isoDay } from '#site/lib/text.ts';

/** How long typing must pause before the server is asked. */
export const CHECK_DELAY_MS = 400;

export type UrlCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; answer: UrlCheckShape }
  | { state: 'unavailable' };

export function useUrlCheck(url: string): UrlCheckState {
  const [result, setResult] = useState<UrlCheckState>({ state: 'idle' });
  const answers = useRef(new Map<string, UrlCheckShape>());
  const latest = useRef(0);
  useEffect(() => {
    const typed = url.trim();
    const request = ++latest.current;
    if (!isHttpUrl(typed)) return setResult({ state: 'idle' });
    const known = answers.current.get(typed);
    if (known) return setResult({ state: 'done', answer: known });
    setResult({ state: 'checking' });
    const timer = setTimeout(async () => {
      try {
        const answer = await call('checkSubmission', { query: { url: typed } });
        answers.current.set(typed, answer);
        if (request === latest.current) setResult({ state: 'done', answer });
      } catch {
        // Too many checks, or offline: the submission itself still says whether it is a duplicate.
        if (request === latest.current) setResult({ state: 'unavailable' });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url]);
  return result;
}

/** The answer, under the URL field; announced politely to screen readers. */
export function UrlCheckNote({ id, check }: { id: string; check: UrlCheckState }) {
  const status = check.state === 'done' ? check.answer.status : check.state;
  return (
    <p id={id} aria-live="polite" className={`min-h-5 text-sm ${TONE[status] ?? ''}`} data-url-check={status}>
      {check.state === 'checking' && 'Checking whether we have it…'}
      {check.state === 'done' && <Answer answer={check.answer} />}
    </p>
  );
}

// text-error is the forms' error colour (the theme's error token); the others stay the body's.
const TONE: Record<string, string> = { rejected: 'text-error' };

function Answer({ answer }: { answer: UrlCheckShape }) {
  switch (answer.status) {
    case 'listed':
      return (
        <>
          Already listed as{' '}
          <a className="link link-primary font-semibold" href={`/content/${encodeURIComponent(answer.content.slug)}`}>
            {answer.content.name}
          </a>
          .
        </>
      );
    case 'pending':
      return <>Already submitted, as “{answer.name}”, and waiting for review.</>;
    case 'rejected':
      return (
        <>
          Submitted before and rejected{answer.rejectedAt ? ` on ${isoDay(answer.rejectedAt)}` : ''}:{' '}
          {answer.rejectReason ? reasonLabel(answer.rejectReason) : 'no reason was given'}
          {answer.rejectNote ? ` (“${answer.rejectNote}”)` : ''}. You may still send it if that has changed.
        </>
      );
    case 'new':
      return <>New to Skillshelf: thank you for sending it.</>;
  }
}
