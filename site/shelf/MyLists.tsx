/**
 * The signed-in user's lists (docs/product.md, Lists): a form to make one, then each list with its
 * privacy, size and progress bar, newest first. Made on the server for the first paint; the notice of
 * resources the catalog removed from them comes once.
 */
import { type FormEvent, useState } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';
import type { LearnerListSummary } from '#site/shelf/list-types.ts';
import { plural } from '#db/validation/text.ts';
import { CheckboxField, Field, FormAlert, SubmitButton, TextAreaField } from '../ui/fields.tsx';
import { ProgressBar, useProgressMarks } from './progress.tsx';
import { BookmarkMenu } from './BookmarkMenu.tsx';
import { ListCover } from '../ui/ListCover.tsx';

export default function MyLists({ lists, removed }: { lists: LearnerListSummary[]; removed: number }) {
  const marks = useProgressMarks();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPath, setIsPath] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const list = await call('createList', { body: { name, description, kind: isPath ? 'path' : 'list' } });
      location.assign(`/my-lists/${encodeURIComponent(list._id)}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <section className="card bg-base-100 shadow-sm" aria-labelledby="my-lists-heading">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 id="my-lists-heading" className="card-title text-2xl">
              Your Lists
            </h1>
            <BookmarkMenu />
          </div>
          {removed > 0 && (
            <div role="status" className="alert alert-info" data-removed-notice>
              <span>
                {plural(removed, 'resource was', 'resources were')} removed from your lists: the catalog no longer has
                them.
              </span>
            </div>
          )}
          {lists.length === 0 ? (
            <p className="py-4" data-lists-empty>
              You have no lists yet. Make one with the form, or choose “Add to list…” on any resource, on its page, in
              search or on your{' '}
              <a href="/saved" className="link link-primary">
                Saved
              </a>{' '}
              page.
            </p>
          ) : (
            <ul className="divide-y divide-base-300" data-my-lists>
              {lists.map((list) => (
                <li key={list._id} className="flex flex-wrap items-center gap-3 py-3" data-my-list>
                  <ListCover pictures={list.cover} className="w-28" />
                  <div className="min-w-0 flex-1 basis-40">
                    <a
                      href={`/my-lists/${encodeURIComponent(list._id)}`}
                      className="link link-hover inline-flex items-center text-lg font-semibold break-words touch:min-h-11"
                    >
                      {list.name}
                    </a>
                    <p className="text-sm text-base-content/80">
                      {list.kind === 'path' && (
                        <span className="badge badge-sm badge-primary badge-outline mr-2" data-path-badge>
                          Learning path
                        </span>
                      )}
                      {plural(list.numItems, list.kind === 'path' ? 'step' : 'resource')} ·{' '}
                      {list.isPublic ? 'Public' : 'Private'}
                    </p>
                    {list.unpublished && (
                      <p className="text-sm break-words" data-list-unpublished>
                        <strong>Unpublished by an admin:</strong> {list.unpublished.reason}
                      </p>
                    )}
                  </div>
                  <ProgressBar contentIds={list.contentIds} marks={marks} percent={list.kind === 'path'} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <aside className="card bg-base-100 shadow-sm" aria-labelledby="new-list-heading">
        <form className="card-body gap-2" onSubmit={(event) => void create(event)} noValidate>
          <h2 id="new-list-heading" className="card-title">
            New list
          </h2>
          <FormAlert message={error} />
          <Field
            name="name"
            label="Name"
            value={name}
            onValue={setName}
            maxLength={100}
            required
            placeholder="Rust in 30 days"
          />
          <TextAreaField
            name="description"
            label="Description (optional)"
            value={description}
            onValue={setDescription}
            maxLength={1000}
            rows={3}
          />
          <CheckboxField
            name="isPath"
            label="A learning path"
            hint="Steps to follow in order, in sections, with your percentage."
            checked={isPath}
            onChecked={setIsPath}
          />
          <SubmitButton loading={busy}>{isPath ? 'Create path' : 'Create list'}</SubmitButton>
        </form>
      </aside>
    </div>
  );
}
