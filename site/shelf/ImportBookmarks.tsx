/**
 * The import screen (decision 035): choose a browser's bookmark file; its import streams its progress (one
 * request: a line per step, then the result); then what was saved and listed, and the links the catalog
 * lacks, none ticked, chosen one by one or a folder at once, sent in one step.
 */
import { type FormEvent, useRef, useState } from 'react';
import type { BookmarkImportShape, BookmarkOfferShape } from '#db/imports/contract.ts';
import { BOOKMARK_FILE_MAX_BYTES, OFFER_MAX } from '#db/imports/validation/bookmarks.ts';
import { call, errorMessage } from '#site/lib/api.ts';
import { callWithProgress } from '#site/lib/api-progress.ts';
import { plural } from '#db/validation/text.ts';
import { reloadSaves } from '#site/session/sync.ts';
import { BusyButton, FormAlert, SubmitButton } from '../ui/fields.tsx';

type Progress = { phase: 'matching' | 'saving'; done: number; total: number };
type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'importing'; progress: Progress | null }
  | { kind: 'review'; result: BookmarkImportShape }
  | { kind: 'sent'; result: BookmarkImportShape; offer: BookmarkOfferShape };

const PHASE_WORDS = { matching: 'Finding your links in the catalog', saving: 'Saving and filling your lists' } as const;

/** Posts the file, following the import's steps as they come; resolves with what was imported. */
const streamImport = (file: File, onProgress: (progress: Progress) => void): Promise<BookmarkImportShape> =>
  callWithProgress('importBookmarks', (step) => onProgress(step as Progress), { file, type: 'text/html' });

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
      if (result.saved > 0) void reloadSaves();
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
            <div className="w-full max-w-md">
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
        className="meter meter-primary w-full"
        max={100}
        value={percent}
        aria-labelledby="import-progress-label"
      />
    </div>
  );
}

function ImportSummary({ result }: { result: BookmarkImportShape }) {
  const skipped = result.notWeb + result.private;
  // Nothing new is news, not a success: a green "0 resources saved" read as if something had gone right.
  const savedSome = result.saved > 0;
  return (
    <div
      role="status"
      className={`alert ${savedSome ? 'alert-success' : 'alert-info'} flex flex-col items-start gap-1`}
      data-import-summary
    >
      <p className="font-semibold">
        Read {plural(result.bookmarks, 'bookmark')}:{' '}
        {savedSome ? `${plural(result.saved, 'resource')} saved` : 'no new resources saved'}
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

/** The most links one submission may send now: the hour's allowance, at most OFFER_MAX. */
const sendable = (result: BookmarkImportShape) => Math.min(result.submissionsLeft ?? OFFER_MAX, OFFER_MAX);

/** A folder of the file and its offered links, in file order; the links in no folder make the last group. */
type OfferGroup = { folder: string | null; links: Array<BookmarkImportShape['offered'][number] & { index: number }> };

function groupByFolder(offered: BookmarkImportShape['offered']): OfferGroup[] {
  const groups = new Map<string | null, OfferGroup>();
  offered.forEach((link, index) => {
    const group = groups.get(link.folder) ?? { folder: link.folder, links: [] };
    group.links.push({ ...link, index });
    groups.set(link.folder, group);
  });
  return [...groups.values()].sort((a, b) => Number(a.folder === null) - Number(b.folder === null));
}

/**
 * The links the catalog lacks, none ticked: bookmarks are private until their owner picks one, so the person
 * chooses link by link or a folder at once, and is told first what a submission shows and to whom.
 */
function OfferForSubmission({
  result,
  onSent,
}: {
  result: BookmarkImportShape;
  onSent: (offer: BookmarkOfferShape) => void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
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
  const most = sendable(result);
  const groups = groupByFolder(result.offered);

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

  const setMany = (urls: string[], on: boolean) =>
    setTicked((before) => {
      const after = new Set(before);
      for (const url of urls) {
        if (on) after.add(url);
        else after.delete(url);
      }
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
        Suggest links Skillshelf does not list yet ({result.offered.length})
      </h2>
      <p data-offer-public>
        Nothing is sent unless you tick it. A link you submit goes to the admins with its address, its title and your
        name; if they approve it, its address and title are listed publicly in the catalog (your name is not shown).
        Links you leave unticked stay private.
      </p>
      {most < result.offered.length && (
        <div role="note" className="alert alert-info" data-offer-limit>
          <span>
            {most === 0
              ? 'Skillshelf takes no more submissions from you this hour: import the same file again later to suggest links. What you saved stays as it is.'
              : `You can submit at most ${plural(most, 'link')} now${
                  result.submissionsLeft !== null && result.submissionsLeft < OFFER_MAX
                    ? ' (the hour’s allowance)'
                    : ' at once'
                }: import the same file again later to suggest more. What you saved stays as it is.`}
          </span>
        </div>
      )}
      <FormAlert message={error} />
      <div className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto" data-offered>
        {groups.map((group) => {
          const urls = group.links.map((link) => link.url);
          const allTicked = urls.every((url) => ticked.has(url));
          const where = group.folder ? `in “${group.folder}”` : 'in no folder';
          const headingId = `offer-group-${group.links[0]!.index}`;
          return (
            <fieldset
              key={group.folder ?? ''}
              className="rounded-box border border-base-300"
              aria-labelledby={headingId}
              data-offer-group
            >
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 p-2">
                <h3 id={headingId} className="font-semibold break-words">
                  {group.folder ?? 'Not in a folder'}{' '}
                  <span className="font-normal text-base-content/80">({group.links.length})</span>
                </h3>
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setMany(urls, !allTicked)}>
                  {allTicked
                    ? urls.length === 1
                      ? `Clear the link ${where}`
                      : `Clear the ${urls.length} links ${where}`
                    : urls.length === 1
                      ? `Select the link ${where}`
                      : `Select the ${urls.length} links ${where}`}
                </button>
              </div>
              <ul className="divide-y divide-base-300">
                {group.links.map((link) => (
                  <li key={link.url} className="flex items-start gap-3 p-2">
                    <input
                      id={`offered-${link.index}`}
                      type="checkbox"
                      className="checkbox checkbox-sm mt-1"
                      checked={ticked.has(link.url)}
                      onChange={(event) => setMany([link.url], event.currentTarget.checked)}
                    />
                    <label htmlFor={`offered-${link.index}`} className="min-w-0 flex-1 cursor-pointer">
                      <span className="block font-medium break-words">{link.title || link.url}</span>
                      <span className="block text-sm break-all text-base-content/80">{link.url}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
      {ticked.size > most && (
        <p className="text-error" role="alert" data-offer-too-many>
          {plural(ticked.size, 'link is', 'links are')} ticked: untick some to submit at most {plural(most, 'link')}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={busy}
          disabled={ticked.size === 0 || ticked.size > most}
        >
          {ticked.size === 0 ? 'Tick links to submit' : `Submit ${plural(ticked.size, 'link')} for review`}
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
