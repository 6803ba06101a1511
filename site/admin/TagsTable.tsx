/**
 * The admin's tags (decision 011): every category, tech stack and type with how many contents carry it, and
 * adding, renaming, merging, retiring and restoring them. Kind, status, search, sort and page are the
 * admin lists' convention (list.tsx), done by the server and kept in the address. Every change goes through
 * the tags' operations of the API, which decide and audit.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';
import { callWithProgress, type ProgressStep } from '#site/lib/api-progress.ts';
import { toast } from '#site/stores/toasts.ts';
import type { TagUsageShape } from '#db/catalog/admin-contract.ts';
import { perTagKind, TAG_KIND_NAMES, TAG_KINDS, type TagKind } from '#db/catalog/taxonomy.ts';
import { ADMIN_SECTION } from '#site/admin/admin-sections.ts';
import { BusyButton } from '../ui/fields.tsx';
import {
  AdminTable,
  Cell,
  FilterSelect,
  ListControls,
  ListStatus,
  pageAddress,
  Pager,
  RowActions,
  useAdminList,
  useListQuery,
  useRowAction,
  type RowAction,
  type RowActionSteps,
} from './list.tsx';

type Kind = TagKind;

const KINDS = TAG_KINDS.map((kind) => ({
  kind,
  label: TAG_KIND_NAMES[kind].one,
  plural: TAG_KIND_NAMES[kind].plural,
}));
const KIND_LABEL = perTagKind((kind) => TAG_KIND_NAMES[kind].one);
const KIND_FILTERS = [['', 'All kinds'] as const, ...KINDS.map((k) => [k.kind, k.plural] as const)];
const STATUS_FILTERS = [
  ['', 'Active and retired'],
  ['active', 'Active'],
  ['retired', 'Retired'],
] as const;
/** The list's API and its convention (site/admin/admin-sections.ts). */
const LIST = ADMIN_SECTION.tags.list;
const COLUMNS = [
  { label: 'KIND', sort: 'added' },
  { label: 'LABEL', sort: 'label' },
  { label: 'VALUE' },
  { label: 'CONTENTS', sort: 'used' },
  { label: 'STATUS' },
  { label: 'ACTIONS' },
];

type Editing = { id: number; action: 'rename' | 'merge' } | null;

export default function TagsTable({ initialSearch }: { initialSearch: string }) {
  const { query, change } = useListQuery(LIST.spec, initialSearch);
  const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query);
  const [editing, setEditing] = useState<Editing>(null);
  const { busy, run: runAction, confirmDialog } = useRowAction(reload);
  // A rename's or merge's contents moved so far: a common tag's move takes minutes at scale.
  const [moving, setMoving] = useState<ProgressStep | null>(null);

  /** Runs one change, reports it, closes the row's form and reloads the list (counts move with merges). */
  const run = <T,>(action: RowAction, steps: RowActionSteps<T>) =>
    runAction(action, {
      ...steps,
      onSuccess: () => setEditing(null),
      onSettled: () => setMoving(null),
    });

  return (
    <div className="flex flex-col gap-4">
      <AddTagForm
        busy={busy?.action === 'adding'}
        disabled={busy !== null}
        onAdd={(kind, label) =>
          run(
            { action: 'adding' },
            { request: () => call('createTag', { body: { kind, label } }), toast: (reply) => reply.message },
          )
        }
      />
      <ListControls query={query} change={change} searchLabel="Find">
        <FilterSelect label="Kind" name="kind" query={query} change={change} options={KIND_FILTERS} />
        <FilterSelect label="Status" name="status" query={query} change={change} options={STATUS_FILTERS} />
      </ListControls>

      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={() => void reload()} noun="tags" />
      ) : (
        <>
          <p className="text-sm text-base-content/80" role="status" data-tags-count>
            {state.data.total === 1 ? '1 tag' : `${state.data.total} tags`}
          </p>
          {state.data.tags.length === 0 ? (
            <p className="alert">No tags match this view</p>
          ) : (
            <AdminTable
              caption="Tags"
              busy={refreshing || busy !== null}
              columns={COLUMNS}
              query={query}
              change={change}
            >
              {state.data.tags.map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  editing={editing?.id === tag.id ? editing.action : null}
                  onEdit={(action) => setEditing(action ? { id: tag.id, action } : null)}
                  busy={busy?.id === tag.id}
                  moving={busy?.id === tag.id ? moving : null}
                  disabled={busy !== null}
                  {...tagChanges(tag, run, setMoving)}
                />
              ))}
            </AdminTable>
          )}
          <Pager
            page={state.data.page}
            pages={state.data.pages}
            href={(page) => pageAddress(LIST.spec, query, page)}
            onPage={(page) => change({ page })}
          />
        </>
      )}
      {confirmDialog}
    </div>
  );
}

/** A row's changes, each run through the table's row action (one at a time); a move reports its progress. */
const tagChanges = (
  tag: TagUsageShape,
  run: <T>(action: RowAction, steps: RowActionSteps<T>) => Promise<boolean>,
  onProgress: (step: ProgressStep) => void,
): Pick<TagRowProps, 'onRename' | 'onMerge' | 'onStatus'> => ({
  onRename: (label: string) =>
    run(
      { action: 'renaming', id: tag.id },
      {
        request: () => callWithProgress('changeTag', onProgress, { params: { id: String(tag.id) }, body: { label } }),
        toast: (renamed) =>
          renamed.value === tag.value
            ? `Renamed to '${renamed.label}'`
            : `Renamed to '${renamed.label}'; links to ${tag.value} lead to ${renamed.value}`,
      },
    ),
  onMerge: (into: TagUsageShape) =>
    run(
      { action: 'merging', id: tag.id },
      {
        confirm: {
          question: `Merge '${tag.label}' (${tag.contents} contents) into '${into.label}' (${into.contents} contents)?`,
          detail: `'${tag.label}' goes away; its links will lead to '${into.label}'.`,
          action: 'Merge',
          tone: 'danger',
        },
        request: () =>
          callWithProgress('mergeTag', onProgress, {
            params: { id: String(tag.id) },
            body: { into: into.id },
          }),
        toast: (merged) => `Merged '${tag.label}' into '${merged.label}': ${merged.contents} contents`,
      },
    ),
  onStatus: (status: TagUsageShape['status']) =>
    run(
      { action: status === 'retired' ? 'retiring' : 'restoring', id: tag.id },
      {
        confirm:
          status === 'retired'
            ? {
                question: `Retire '${tag.label}'?`,
                detail: `It will no longer be offered in forms and filters; the ${tag.contents} contents that carry it keep it.`,
                action: 'Retire',
                tone: 'danger',
              }
            : undefined,
        request: () => call('changeTag', { params: { id: String(tag.id) }, body: { status } }),
        toast: status === 'retired' ? `Retired '${tag.label}': no longer offered` : `Restored '${tag.label}'`,
      },
    ),
});

function AddTagForm({
  busy,
  disabled,
  onAdd,
}: {
  busy: boolean;
  disabled: boolean;
  onAdd: (kind: Kind, label: string) => Promise<boolean>;
}) {
  const [kind, setKind] = useState<Kind>('techStack');
  const [label, setLabel] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/[\p{L}\p{N}]/u.test(label)) return setError('A tag needs a label with a letter or a digit');
    setError('');
    if (await onAdd(kind, label)) setLabel('');
  }

  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-box bg-base-100 p-4 shadow-sm"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add a tag"
    >
      <label className="flex flex-col gap-1 text-sm">
        Kind
        <select
          className="select select-sm"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          name="kind"
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        New tag
        <input
          className={`input input-sm ${error ? 'input-error' : ''}`}
          name="label"
          value={label}
          maxLength={100}
          placeholder="e.g. Elixir"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'add-tag-error' : undefined}
          onChange={(event) => setLabel(event.target.value)}
        />
      </label>
      <BusyButton type="submit" className="btn btn-sm btn-primary" busy={busy} disabled={disabled}>
        Add tag
      </BusyButton>
      {error && (
        <p id="add-tag-error" className="w-full text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}

interface TagRowProps {
  tag: TagUsageShape;
  editing: 'rename' | 'merge' | null;
  onEdit: (action: 'rename' | 'merge' | null) => void;
  busy: boolean;
  /** The contents moved so far by this row's rename or merge, while it runs. */
  moving: ProgressStep | null;
  disabled: boolean;
  onRename: (label: string) => Promise<boolean>;
  onMerge: (into: TagUsageShape) => Promise<boolean>;
  onStatus: (status: TagUsageShape['status']) => Promise<boolean>;
}

function TagRow({ tag, editing, onEdit, busy, moving, disabled, onRename, onMerge, onStatus }: TagRowProps) {
  const searchHref = `/search?${new URLSearchParams({ [tag.kind]: tag.value })}`;
  return (
    <tr data-tag={`${tag.kind}:${tag.value}`}>
      <Cell label="KIND">{KIND_LABEL[tag.kind]}</Cell>
      <Cell label="LABEL" phone="title" className="font-medium">
        {tag.label}
      </Cell>
      <Cell label="VALUE" phone="hide" className="font-mono text-xs">
        {tag.value}
      </Cell>
      <Cell label="CONTENTS">
        {tag.contents > 0 ? (
          <a className="link" href={searchHref}>
            {tag.contents}
          </a>
        ) : (
          0
        )}
      </Cell>
      <Cell label="STATUS">
        {/*
         * The usual in plain text, the exception marked: a column of 50 filled "active" badges hid the retired one.
         * It keeps a badge's box, unfilled and unbordered, so the phone's two-line row lines up as with a badge.
         */}
        {tag.status === 'active' ? (
          <span className="badge badge-sm border-transparent bg-transparent text-base-content/70">active</span>
        ) : (
          <span className="badge badge-warning badge-sm">retired</span>
        )}
      </Cell>
      <Cell label="ACTIONS" actions>
        {editing === 'rename' ? (
          <>
            <RenameForm tag={tag} busy={busy} onCancel={() => onEdit(null)} onRename={onRename} />
            {moving && <MoveProgress step={moving} />}
          </>
        ) : editing === 'merge' ? (
          <>
            <MergeForm tag={tag} busy={busy} onCancel={() => onEdit(null)} onMerge={onMerge} />
            {moving && <MoveProgress step={moving} />}
          </>
        ) : (
          <RowActions name={tag.label}>
            <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => onEdit('rename')}>
              Rename<span className="sr-only"> {tag.label}</span>
            </button>
            <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => onEdit('merge')}>
              Merge<span className="sr-only"> {tag.label}</span>
            </button>
            {tag.status === 'active' ? (
              <BusyButton
                className="btn btn-sm btn-ghost text-error"
                busy={busy}
                disabled={disabled}
                onClick={() => void onStatus('retired')}
              >
                Retire<span className="sr-only"> {tag.label}</span>
              </BusyButton>
            ) : (
              <BusyButton
                className="btn btn-sm"
                busy={busy}
                disabled={disabled}
                onClick={() => void onStatus('active')}
              >
                Restore<span className="sr-only"> {tag.label}</span>
              </BusyButton>
            )}
          </RowActions>
        )}
      </Cell>
    </tr>
  );
}

/** How far a rename's or merge's contents have moved: the change shows everywhere once all have. */
function MoveProgress({ step }: { step: ProgressStep }) {
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <div className="mt-2 flex flex-col gap-1 text-xs" data-tag-move-progress>
      <progress
        className="meter meter-primary w-56"
        value={step.done}
        max={Math.max(step.total, 1)}
        aria-labelledby="tag-move-progress-label"
      />
      <span id="tag-move-progress-label" role="status">
        Moving contents: {count(step.done)} of {count(step.total)}
      </span>
    </div>
  );
}

function RenameForm({
  tag,
  busy,
  onCancel,
  onRename,
}: {
  tag: TagUsageShape;
  busy: boolean;
  onCancel: () => void;
  onRename: (label: string) => Promise<boolean>;
}) {
  const [label, setLabel] = useState(tag.label);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const unchanged = label.trim() === tag.label;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      aria-label={`Rename ${tag.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) void onRename(label);
      }}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <input
        ref={input}
        className="input input-sm w-44"
        name="label"
        aria-label="New label"
        value={label}
        maxLength={100}
        onChange={(event) => setLabel(event.target.value)}
      />
      <BusyButton
        type="submit"
        className="btn btn-sm btn-primary"
        busy={busy}
        disabled={unchanged || !/[\p{L}\p{N}]/u.test(label)}
      >
        Save
      </BusyButton>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}

/** The active tags of `tag`'s kind (the most used 100), as the server has them when the form opens. */
/** How long typing may pause before the merge targets are asked for again. */
const FIND_DELAY_MS = 250;

/**
 * The tags `tag` may be merged into: the 100 most used of its kind, or, once words are typed, those of every
 * tag of its kind that the words find (the list's search), so that any tag can be reached.
 */
function useMergeTargets(tag: TagUsageShape, words: string): TagUsageShape[] {
  const [targets, setTargets] = useState<TagUsageShape[]>([]);
  useEffect(() => {
    let current = true;
    const search = words.trim();
    const timer = setTimeout(
      () => {
        call('adminTags', {
          query: { kind: tag.kind, status: 'active', sort: 'used', pageSize: '100', ...(search ? { search } : {}) },
        })
          .then((list) => current && setTargets(list.tags.filter((other) => other.id !== tag.id)))
          .catch((error: unknown) => toast('error', errorMessage(error)));
      },
      search ? FIND_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tag.id, tag.kind, words]);
  return targets;
}

function MergeForm({
  tag,
  busy,
  onCancel,
  onMerge,
}: {
  tag: TagUsageShape;
  busy: boolean;
  onCancel: () => void;
  onMerge: (into: TagUsageShape) => Promise<boolean>;
}) {
  const [words, setWords] = useState('');
  const targets = useMergeTargets(tag, words);
  const [intoId, setIntoId] = useState('');
  const into = targets.find((target) => String(target.id) === intoId);
  const sorted = useMemo(
    () => [...targets].sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' })),
    [targets],
  );
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      aria-label={`Merge ${tag.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (into) void onMerge(into);
      }}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <input
        type="search"
        className="input input-sm w-40"
        aria-label="Find a target tag"
        placeholder="Find a tag…"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        data-merge-find
      />
      <select
        className="select select-sm w-48"
        aria-label={`Merge ${tag.label} into`}
        value={intoId}
        onChange={(event) => setIntoId(event.target.value)}
      >
        <option value="">Merge into…</option>
        {sorted.map((target) => (
          <option key={target.id} value={target.id}>
            {target.label} ({target.contents})
          </option>
        ))}
      </select>
      <BusyButton type="submit" className="btn btn-sm btn-primary" busy={busy} disabled={!into}>
        Merge
      </BusyButton>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}
