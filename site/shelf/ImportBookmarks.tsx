/**
 * The import screen (decision 035): choose a browser's bookmark file; its import streams its progress (one
 * request: a line per step, then the result); then what was saved and listed, and a review of the links
 * the catalog lacks, ticked as far as the hourly submission limit allows, sent in one step.
 */
import { type FormEvent, useRef, useState } from 'react';
import type { BookmarkImportShape, BookmarkOfferShape } from '#db/imports/contract.ts';
import { BOOKMARK_FILE_MAX_BYTES, OFFER_MAX } from '#db/imports/validation/bookmarks.ts';
import { call, errorMessage, pathOf } from '#site/lib/api.ts';
import { plural } from '#db/validation/text.ts';
import { userInfo } from '#site/stores/session.ts';
import { BusyButton, FormAlert, SubmitButton } from '../ui/fields.tsx';

type Progress = { phase: 'matching' | 'saving'; done: number; total: number };
type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'importing'; progress: Progress | null }
  | { kind: 'review'; result: BookmarkImportShape }
  | { kind: 'sent'; result: BookmarkImportShape; offer: BookmarkOfferShape };

const PHASE_WORDS = { matching: 'Finding your links in the catalog', saving: 'Saving and filling your lists' } as const;

/** Posts the file and reads the answer's lines as they come; resolves with the result line. */
async function streamImport(file: File, onProgress: (progress: Progress) => void): Promise<BookmarkImportShape> {
  const headers: Record<string, string> = { accept: 'application/x-ndjson', 'content-type': 'text/html' };
  const token = userInfo.get()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(pathOf('importBookmarks'), {
    method: 'POST',
    headers,
    body: file,
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body) {
    const reply = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(reply.message || `The import failed (${response.status})`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as Progress | { result: BookmarkImportShape } | { error: { message: string } };
      if ('result' in message) return message.result;
      if ('error' in message) throw new Error(message.error.message);
      onProgress(message);
    }
    if (done) throw new Error('The import ended before it answered: please try again');
  }
}

export default function ImportBookmarks() {
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null });
  const fileInput = useRef<HTMLInputElement>(null);

  async function start(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setStep({ kind: 'choose', error: 'Choose the bookmark file your browser exported' });
    if (file.size > BOOKMARK_FILE_MAX_BYTES)
      return setStep({
        kind: 'choose',
        error: `A bookmark file may be at most ${BOOKMARK_FILE_MAX_BYTES / 1024 / 1024} MB`,
      });
    setStep({ kind: 'importing', progress: null });
    try {
      const result = await streamImport(file, (progress) => setStep({ kind: 'importing', progress }));
      setStep({ kind: 'review', result });
    } catch (failure) {
      setStep({ kind: 'choose', error: errorMessage(failure) });
    }
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="import-heading">
      <div className="card-body gap-4">
        <h1 id="import-heading" className="card-title text-2xl">
          Import bookmarks
        </h1>
        {step.kind === 'choose' && (
          <form className="flex flex-col gap-3" onSubmit={(event) => void start(event)} noValidate data-import-form>
            <p>
              In your browser, export your bookmarks as an HTML file (Chrome, Edge: Bookmark manager → ⋮ → Export
              bookmarks; Firefox: Bookmarks → Manage bookmarks → Import and Backup → Export Bookmarks to HTML), then
              choose it here. Links Skillshelf lists are saved; those in a folder also go into the list of that folder’s
              name. You can then suggest the others for the catalog.
            </p>
            <FormAlert message={step.error} />
            <label className="flex flex-col gap-1" htmlFor="bookmark-file">
              <span className="font-medium">Bookmark file</span>
              <input
                ref={fileInput}
                id="bookmark-file"
                name="file"
                type="file"
                accept=".html,.htm,text/html"
                className="file-input file-input-bordered w-full max-w-md"
                data-bookmark-file
              />
            </label>
            <div>
              <SubmitButton loading={false}>Import</SubmitButton>
            </div>
          </form>
        )}
        {step.kind === 'importing' && <ImportProgress progress={step.progress} />}
        {step.kind === 'review' && (
          <>
            <ImportSummary result={step.result} />
            <OfferForSubmission
              result={step.result}
              onSent={(offer) => setStep({ kind: 'sent', result: step.result, offer })}
            />
          </>
        )}
        {step.kind === 'sent' && (
          <>
            <ImportSummary result={step.result} />
            <SentSummary offer={step.offer} />
          </>
        )}
      </div>
    </section>
  );
}

function ImportProgress({ progress }: { progress: Progress | null }) {
  const words = progress ? PHASE_WORDS[progress.phase] : 'Sending your file';
  const percent = progress
    ? Math.round(
        ((progress.phase === 'saving' ? 0.8 : 0) +
          (progress.done / Math.max(progress.total, 1)) * (progress.phase === 'saving' ? 0.2 : 0.8)) *
          100,
      )
    : 0;
  return (
    <div className="flex flex-col gap-2" data-import-progress>
      <p id="import-progress-label" role="status">
        {words}
        {progress ? ` (${plural(progress.total, 'bookmark')})` : ''}…
      </p>
      <progress
        className="progress progress-primary w-full"
        max={100}
        value={percent}
        aria-labelledby="import-progress-label"
      />
    </div>
  );
}

function ImportSummary({ result }: { result: BookmarkImportShape }) {
  const skipped = result.notWeb + result.private;
  return (
    <div role="status" className="alert alert-success flex flex-col items-start gap-1" data-import-summary>
      <p className="font-semibold">
        Read {plural(result.bookmarks, 'bookmark')}: {plural(result.saved, 'resource')} saved
        {result.alreadySaved ? `, ${result.alreadySaved} already saved` : ''}.
      </p>
      {result.lists.length > 0 && (
        <ul className="list-disc ps-5">
          {result.lists.map((list) => (
            <li key={list.name}>
              <a href="/my-lists" className="link">
                {list.name}
              </a>
              : {list.created ? 'new list' : 'your list'}, {plural(list.added, 'resource')} added
              {list.notAdded ? ` (${list.notAdded} already in it or past its 500)` : ''}
            </li>
          ))}
        </ul>
      )}
      {result.notSaved > 0 && (
        <p data-import-not-saved>
          {plural(result.notSaved, 'resource was', 'resources were')} not saved: one import saves at most 2,000, and an
          account holds at most 5,000. Import the rest as a second file, or remove saves you no longer need.
        </p>
      )}
      {result.listsRefused.length > 0 && (
        <p>
          {plural(result.listsRefused.length, 'folder')} could not become a list: you hold 100 lists, the most one may.
          Their links were saved.
        </p>
      )}
      {result.waiting > 0 && <p>{plural(result.waiting, 'link is', 'links are')} already waiting for review.</p>}
      {skipped > 0 && (
        <p>
          {plural(skipped, 'link was', 'links were')} left out: not a public web page (javascript:, data:, a private
          address…).
        </p>
      )}
    </div>
  );
}

/** How many links are ticked at first: as many as the hourly limit will take, at most OFFER_MAX. */
const firstTicked = (result: BookmarkImportShape) =>
  Math.min(result.offered.length, result.submissionsLeft ?? OFFER_MAX, OFFER_MAX);

function OfferForSubmission({
  result,
  onSent,
}: {
  result: BookmarkImportShape;
  onSent: (offer: BookmarkOfferShape) => void;
}) {
  const [ticked, setTicked] = useState(
    () => new Set(result.offered.slice(0, firstTicked(result)).map((link) => link.url)),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (result.offered.length === 0) {
    return (
      <p data-offer-empty>
        Every link is in the catalog, already waiting for review, or left out: nothing to suggest.{' '}
        <a href="/saved" className="link link-primary">
          See your saves
        </a>
      </p>
    );
  }
  const limited =
    result.submissionsLeft !== null && result.submissionsLeft < Math.min(result.offered.length, OFFER_MAX);
  const tooMany = !limited && result.offered.length > OFFER_MAX;

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const links = result.offered
        .filter((link) => ticked.has(link.url))
        .map((link) => ({ url: link.url, name: link.title }));
      onSent(await call('submitBookmarks', { body: { links } }));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  const toggle = (url: string, on: boolean) =>
    setTicked((before) => {
      const after = new Set(before);
      if (on) after.add(url);
      else after.delete(url);
      return after;
    });

  return (
    <form
      className="flex flex-col gap-3"
      aria-labelledby="offer-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-offer-form
    >
      <h2 id="offer-heading" className="text-xl font-semibold">
        Suggest {plural(result.offered.length, 'link')} Skillshelf does not list yet
      </h2>
      <p>
        Each ticked link goes to the admins as a submission, as if you had sent it with the submit form; they decide
        what joins the catalog.
      </p>
      {limited && (
        <div role="note" className="alert alert-info" data-offer-limit>
          <span>
            Skillshelf takes {result.submissionsLeft === 0 ? 'no more' : `${result.submissionsLeft} more`} submissions
            from you this hour, so only the first {firstTicked(result)} are ticked. Import the same file again later to
            suggest the rest: what you saved stays as it is.
          </span>
        </div>
      )}
      {tooMany && (
        <div role="note" className="alert alert-info">
          <span>
            At most {OFFER_MAX} links can be sent at once, so the first {OFFER_MAX} are ticked: send them, then import
            the file again for the rest.
          </span>
        </div>
      )}
      <FormAlert message={error} />
      <ul className="max-h-96 divide-y divide-base-300 overflow-y-auto rounded-box border border-base-300" data-offered>
        {result.offered.map((link, i) => (
          <li key={link.url} className="flex items-start gap-3 p-2">
            <input
              id={`offered-${i}`}
              type="checkbox"
              className="checkbox checkbox-sm mt-1"
              checked={ticked.has(link.url)}
              onChange={(event) => toggle(link.url, event.currentTarget.checked)}
            />
            <label htmlFor={`offered-${i}`} className="min-w-0 flex-1 cursor-pointer">
              <span className="block font-medium break-words">{link.title || link.url}</span>
              <span className="block text-sm break-all text-base-content/80">
                {link.url}
                {link.folder ? ` · in “${link.folder}”` : ''}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={busy}
          disabled={ticked.size === 0 || ticked.size > OFFER_MAX}
        >
          Submit {plural(ticked.size, 'link')} for review
        </BusyButton>
        <a href="/saved" className="btn btn-ghost">
          Not now
        </a>
      </div>
    </form>
  );
}

function SentSummary({ offer }: { offer: BookmarkOfferShape }) {
  const notSent = offer.results.filter((r) => r.outcome === 'not-sent').length;
  const refused = offer.results.filter((r) => r.outcome === 'duplicate' || r.outcome === 'refused');
  return (
    <div className="flex flex-col gap-2" data-offer-sent>
      <p role="status" className="font-semibold">
        {plural(offer.submitted, 'link')} submitted for review.{' '}
        <a href="/submissions" className="link link-primary">
          See your submissions
        </a>
      </p>
      {notSent > 0 && (
        <p>
          {plural(notSent, 'link was', 'links were')} not sent: the hourly limit was reached. Try again in about{' '}
          {Math.ceil((offer.retryAfter ?? 60) / 60)} minutes by importing the same file.
        </p>
      )}
      {refused.length > 0 && (
        <ul className="list-disc ps-5 text-sm">
          {refused.map((r) => (
            <li key={r.url} className="break-all">
              {r.url}: {r.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
