/**
 * One of the user's lists, as its owner works on it (docs/product.md, Lists): its name, description and
 * privacy (held private, saying why, while an admin keeps it unpublished); its items in order, moved by dragging or by the Move up / Move down buttons (the new place is
 * announced), each with its progress mark and a note of up to 500 characters; the progress bar and a filter.
 * A learning path (decision 047) adds its percentage and a section heading that a step may start.
 * Each change goes to the API at once; the list answered is the one shown.
 */
import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';
import type { LearnerList, LearnerListItem } from '#site/shelf/list-types.ts';
import { plural } from '#db/validation/text.ts';
import type { ProgressMarks } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { CheckboxField, Field, FormAlert, TextAreaField } from '../ui/fields.tsx';
import { ShareButton } from '../ui/ShareButton.tsx';
import {
  matchesFilter,
  ProgressBar,
  ProgressControl,
  ProgressFilterSelect,
  type ProgressFilter,
  useProgressMarks,
} from './progress.tsx';

const NOTE_MAX = 500;
const SECTION_MAX = 100;

type Change = (run: () => Promise<LearnerList>, done?: (next: LearnerList) => void) => Promise<boolean>;

/** The list as the API last answered it, and its changes: each sent at once, a failure shown above the list. */
function useListChanges(initial: LearnerList) {
  const [list, setList] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { confirm, confirmDialog } = useConfirm();
  const id = list._id;

  const change: Change = async (run, done) => {
    setError(null);
    try {
      const next = await run();
      setList(next);
      done?.(next);
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    }
  };

  function move(item: LearnerListItem, to: number, focus?: 'up' | 'down') {
    const ids = list.items.map((entry) => entry.content._id);
    const from = ids.indexOf(item.content._id);
    if (to < 0 || to >= ids.length || to === from) return;
    ids.splice(from, 1);
    ids.splice(to, 0, item.content._id);
    // Shown at once in its new place; the server's answer confirms it (or the old order comes back).
    const previous = list;
    setList({
      ...list,
      items: ids.map((contentId, position) => ({
        ...list.items.find((entry) => entry.content._id === contentId)!,
        position,
      })),
    });
    setAnnouncement(`${item.content.name} moved to position ${to + 1} of ${ids.length}`);
    requestAnimationFrame(() => {
      if (!focus) return;
      const button = document.getElementById(`move-${focus}-${item.content._id}`) as HTMLButtonElement | null;
      const other = document.getElementById(`move-${focus === 'up' ? 'down' : 'up'}-${item.content._id}`);
      (button && !button.disabled ? button : other)?.focus();
    });
    void call('reorderList', { params: { id }, body: { contentIds: ids } }).then(setList, (failure: unknown) => {
      setList(previous);
      setError(errorMessage(failure));
      setAnnouncement(`${item.content.name} could not be moved`);
    });
  }

  async function remove(item: LearnerListItem) {
    await change(
      () => call('removeListItem', { params: { id, contentId: item.content._id } }),
      () => {
        setAnnouncement(`${item.content.name} removed from the list`);
        document.getElementById('list-heading')?.focus();
      },
    );
  }

  async function deleteList() {
    const yes = await confirm({
      question: `Delete “${list.name}”?`,
      detail: list.isPublic
        ? 'The list and its public page go; the resources stay in the catalog.'
        : 'The list goes; the resources stay in the catalog.',
      action: 'Delete',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await call('deleteList', { params: { id } });
      location.assign('/my-lists');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return { list, error, announcement, confirmDialog, change, move, remove, deleteList };
}

export default function ListEditor({ initial }: { initial: LearnerList }) {
  const { list, error, announcement, confirmDialog, change, move, remove, deleteList } = useListChanges(initial);
  const [filter, setFilter] = useState<ProgressFilter>('');
  const marks = useProgressMarks();
  const dragged = useRef<string | null>(null);
  const items = list.items.filter((item) => matchesFilter(filter, marks, item.content._id));
  const ordering = filter === '';

  function onDrop(event: DragEvent, target: LearnerListItem) {
    event.preventDefault();
    const id = dragged.current;
    dragged.current = null;
    const item = list.items.find((entry) => entry.content._id === id);
    if (item) move(item, list.items.indexOf(target));
  }

  return (
    <div className="grid gap-6">
      <ListCard
        list={list}
        error={error}
        change={change}
        onDelete={() => void deleteList()}
        marks={marks}
        filter={filter}
        onFilter={setFilter}
      />

      <p aria-live="polite" className="sr-only" data-list-announcement>
        {announcement}
      </p>

      {list.items.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow-sm" data-list-empty>
          {list.kind === 'path' ? 'This path has no steps yet.' : 'This list is empty.'}{' '}
          <a href="/search" className="link link-primary font-semibold">
            Search the catalog
          </a>{' '}
          and choose “Add to list…” on what you want to learn.
        </p>
      ) : (
        <ol
          className="grid gap-3"
          aria-label={`${list.name}: ${plural(list.items.length, 'resource')}`}
          data-list-items
        >
          {items.length === 0 && (
            <li className="rounded-box bg-base-100 p-4 text-center shadow-sm">
              No resource of this list is marked so.
            </li>
          )}
          {items.map((item) => (
            <ItemRow
              key={item.content._id}
              item={item}
              index={list.items.indexOf(item)}
              count={list.items.length}
              ordering={ordering}
              marks={marks}
              onDragStart={() => {
                dragged.current = item.content._id;
              }}
              onDrop={(event) => onDrop(event, item)}
              onMove={(to, focus) => move(item, to, focus)}
              onRemove={() => void remove(item)}
              onNote={(note) =>
                change(
                  () =>
                    call('changeListItemNote', {
                      params: { id: list._id, contentId: item.content._id },
                      body: { note },
                    }),
                  () => toast('success', 'Note saved'),
                )
              }
              onSection={
                list.kind === 'path'
                  ? (section) =>
                      change(
                        () =>
                          call('changeListItemSection', {
                            params: { id: list._id, contentId: item.content._id },
                            body: { section },
                          }),
                        () => toast('success', section ? 'Section heading saved' : 'Section heading removed'),
                      )
                  : null
              }
            />
          ))}
        </ol>
      )}
      {confirmDialog}
    </div>
  );
}

interface ListCardProps {
  list: LearnerList;
  error: string | null;
  change: Change;
  onDelete: () => void;
  marks: ProgressMarks | null;
  filter: ProgressFilter;
  onFilter: (filter: ProgressFilter) => void;
}

/** The list's card: its name and description (edited in place), privacy, public page, Delete, and the progress over its items. */
function ListCard({ list, error, change, onDelete, marks, filter, onFilter }: ListCardProps) {
  const [editing, setEditing] = useState(false);
  const params = { id: list._id };
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="list-heading">
      <div className="card-body gap-3">
        <p className="text-sm">
          <a href="/my-lists" className="link link-hover inline-flex items-center touch:min-h-11">
            Your lists
          </a>
        </p>
        <h1 id="list-heading" tabIndex={-1} className="card-title text-2xl break-words outline-none">
          {list.name}
        </h1>
        {list.description && <p className="whitespace-pre-line">{list.description}</p>}
        <FormAlert message={error} />
        {list.unpublished && (
          <div role="note" className="alert alert-warning text-sm" data-list-unpublished>
            <span>
              An admin unpublished this list: “{list.unpublished.reason}”. It stays private until an admin lets it be
              public again.
            </span>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <CheckboxField
            name="isPublic"
            asSwitch
            label="Public"
            hint={list.isPublic ? 'Anyone with the link can see this list.' : 'Private: only you can see this list.'}
            checked={list.isPublic}
            disabled={list.unpublished !== null && !list.isPublic}
            onChecked={(isPublic) =>
              void change(
                () => call('changeList', { params, body: { isPublic } }),
                (next) => toast('success', next.isPublic ? 'The list is public' : 'The list is private'),
              )
            }
          />
          <CheckboxField
            name="isPath"
            asSwitch
            label="Learning path"
            hint={
              list.kind === 'path'
                ? 'Steps in order, in sections, with your progress.'
                : 'Turn it into steps to follow, in sections.'
            }
            checked={list.kind === 'path'}
            onChecked={(isPath) =>
              void change(
                () => call('changeList', { params, body: { kind: isPath ? 'path' : 'list' } }),
                (next) => toast('success', next.kind === 'path' ? 'The list is a learning path' : 'The path is a list'),
              )
            }
          />
          {list.isPublic && (
            <a
              href={`/lists/${encodeURIComponent(list.slug)}`}
              className="link link-primary inline-flex items-center touch:min-h-11"
              data-public-link
            >
              See its public page
            </a>
          )}
          {list.isPublic && <ShareButton url={`/lists/${encodeURIComponent(list.slug)}`} title={list.name} />}
          <button
            type="button"
            className="btn btn-ghost btn-sm touch:btn-md"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit name and description
          </button>
          <button type="button" className="btn btn-ghost btn-sm text-error touch:btn-md" onClick={onDelete}>
            Delete list
          </button>
        </div>
        {editing && (
          <DetailsForm
            list={list}
            onSave={(values) =>
              change(
                () => call('changeList', { params, body: values }),
                () => setEditing(false),
              )
            }
          />
        )}
        {list.items.length > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <ProgressBar
              contentIds={list.items.map((item) => item.content._id)}
              marks={marks}
              percent={list.kind === 'path'}
            />
            <ProgressFilterSelect value={filter} onValue={onFilter} />
          </div>
        )}
      </div>
    </section>
  );
}

interface ItemRowProps {
  item: LearnerListItem;
  /** Its place in the whole list (the filter may hide others). */
  index: number;
  count: number;
  /** Moving is offered: the whole list is shown. */
  ordering: boolean;
  marks: ProgressMarks | null;
  onDragStart: () => void;
  onDrop: (event: DragEvent) => void;
  onMove: (to: number, focus: 'up' | 'down') => void;
  onRemove: () => void;
  onNote: (note: string) => Promise<boolean>;
  /** A path's steps may start a section; null for a plain list. */
  onSection: ((section: string) => Promise<boolean>) | null;
}

/** An item: its place, its content's link and progress mark, Move up / Move down, Remove, and its note. */
function ItemRow({
  item,
  index,
  count,
  ordering,
  marks,
  onDragStart,
  onDrop,
  onMove,
  onRemove,
  onNote,
  onSection,
}: ItemRowProps) {
  return (
    <li
      className="grid gap-2 rounded-box bg-base-100 p-4 shadow-sm"
      draggable={ordering}
      onDragStart={(event) => {
        onDragStart();
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => ordering && event.preventDefault()}
      onDrop={onDrop}
      data-list-item
    >
      {onSection && item.section && (
        <h2 className="text-lg font-bold break-words" data-path-section-heading>
          {item.section}
        </h2>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <span className="w-8 text-lg font-bold text-base-content/70" aria-hidden="true">
          {index + 1}.
        </span>
        <a
          href={`/content/${encodeURIComponent(item.content.slug)}`}
          className="link link-hover min-w-48 flex-1 font-semibold break-words touch:min-h-11 touch:content-center"
        >
          {item.content.name}
        </a>
        <ProgressControl contentId={item.content._id} name={item.content.name} marks={marks} />
        {ordering && (
          <span className="join">
            <button
              type="button"
              id={`move-up-${item.content._id}`}
              className="btn join-item btn-sm touch:btn-md"
              aria-label={`Move ${item.content.name} up`}
              disabled={index === 0}
              onClick={() => onMove(index - 1, 'up')}
            >
              ↑
            </button>
            <button
              type="button"
              id={`move-down-${item.content._id}`}
              className="btn join-item btn-sm touch:btn-md"
              aria-label={`Move ${item.content.name} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1, 'down')}
            >
              ↓
            </button>
          </span>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error touch:btn-md"
          aria-label={`Remove ${item.content.name} from the list`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
      {/* The note and a path's heading: shown as text with small buttons; each field opens on demand. */}
      <div className="flex flex-wrap items-center gap-x-1 gap-y-2 ps-11">
        <NoteForm item={item} onSave={onNote} />
        {onSection && <SectionForm item={item} onSave={onSection} />}
      </div>
    </li>
  );
}

function DetailsForm({
  list,
  onSave,
}: {
  list: LearnerList;
  onSave: (values: { name: string; description: string }) => Promise<boolean>;
}) {
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave({ name, description });
  };
  return (
    <form className="grid gap-1" onSubmit={submit} noValidate data-list-details>
      <Field name="list-name" label="Name" value={name} onValue={setName} maxLength={100} required />
      <TextAreaField
        name="list-description"
        label="Description (optional)"
        value={description}
        onValue={setDescription}
        maxLength={1000}
        rows={3}
      />
      <button type="submit" className="btn btn-primary btn-sm justify-self-start touch:btn-md">
        Save
      </button>
    </form>
  );
}

/**
 * A step's note: shown as text with "Edit note", or "Add a note" when there is none; the field opens on
 * demand, so a long list reads as a list rather than a column of empty boxes.
 */
function NoteForm({ item, onSave }: { item: LearnerListItem; onSave: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState(item.note);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `note-${item.content._id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void onSave(note)
      .then((saved) => saved && setOpen(false))
      .finally(() => setBusy(false));
  };
  if (!open)
    return (
      <div className={`flex flex-wrap items-baseline gap-x-2 ${item.note ? 'basis-full' : ''}`} data-note-view>
        {item.note && (
          <p className="min-w-0 whitespace-pre-line text-sm break-words" data-list-note>
            <span className="font-semibold">Note: </span>
            {item.note}
          </p>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-xs text-primary touch:btn-sm"
          aria-label={`${item.note ? 'Edit note' : 'Add a note'} on ${item.content.name}`}
          onClick={() => {
            setNote(item.note);
            setOpen(true);
          }}
        >
          {item.note ? (
            'Edit note'
          ) : (
            <>
              <span aria-hidden="true">+ </span>Add a note
            </>
          )}
        </button>
      </div>
    );
  return (
    <form className="flex basis-full flex-wrap items-end gap-2" onSubmit={submit} data-note-form>
      <label htmlFor={id} className="sr-only">
        Note on {item.content.name}
      </label>
      <textarea
        id={id}
        className="textarea textarea-sm min-h-10 flex-1 basis-64"
        rows={2}
        maxLength={NOTE_MAX}
        placeholder="Why this one, what to focus on…"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        aria-describedby={`${id}-count`}
        // biome-ignore lint/a11y/noAutofocus: the field was opened by the button just pressed
        autoFocus
      />
      <span id={`${id}-count`} className="text-xs text-base-content/80">
        {note.length} / {NOTE_MAX}
      </span>
      <button
        type="submit"
        className="btn btn-primary btn-sm touch:btn-md"
        disabled={busy || note === item.note}
        aria-busy={busy || undefined}
      >
        Save note
      </button>
      <button type="button" className="btn btn-ghost btn-sm touch:btn-md" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}

/** The heading of the section a path's step starts (empty: none), opened on demand like the note. */
function SectionForm({ item, onSave }: { item: LearnerListItem; onSave: (section: string) => Promise<boolean> }) {
  const [section, setSection] = useState(item.section);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `section-${item.content._id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void onSave(section.trim())
      .then((saved) => saved && setOpen(false))
      .finally(() => setBusy(false));
  };
  if (!open)
    return (
      <div>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-primary touch:btn-sm"
          aria-label={`${item.section ? 'Change heading' : 'Start a section'} before ${item.content.name}`}
          onClick={() => {
            setSection(item.section);
            setOpen(true);
          }}
          data-section-open
        >
          {item.section ? (
            'Change heading'
          ) : (
            <>
              <span aria-hidden="true">+ </span>Start a section
            </>
          )}
        </button>
      </div>
    );
  return (
    <form className="flex basis-full flex-wrap items-end gap-2" onSubmit={submit} data-section-form>
      <label htmlFor={id} className="sr-only">
        Section heading before {item.content.name}
      </label>
      <input
        id={id}
        className="input input-sm flex-1 basis-64 touch:input-md"
        maxLength={SECTION_MAX}
        placeholder="A heading, e.g. Part two: practice (empty removes it)"
        value={section}
        onChange={(event) => setSection(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the field was opened by the button just pressed
        autoFocus
      />
      <button
        type="submit"
        className="btn btn-primary btn-sm touch:btn-md"
        disabled={busy || section.trim() === item.section}
        aria-busy={busy || undefined}
      >
        Save heading
      </button>
      <button type="button" className="btn btn-ghost btn-sm touch:btn-md" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
