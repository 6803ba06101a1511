/**
 * The admin's tags (decision 011): every category, tech stack and type with how many contents carry it, and
 * adding, renaming, merging, retiring and restoring them. The whole list loads at once (a few thousand rows
 * at most); kind, status, words and order filter it in the browser and stay in the address, so a view can be
 * bookmarked. Every change goes through /api/tags, which decides and audits.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { apiGet, apiPost, apiPut, errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { BusyButton } from '../forms/fields.tsx';
import { AdminTable, ListStatus, type ListState } from './list.tsx';

type Kind = 'category' | 'techStack' | 'type';

export interface AdminTag {
  id: number;
  kind: Kind;
  value: string;
  label: string;
  status: 'active' | 'retired';
  contents: number;
}

const KINDS: Array<{ kind: Kind; label: string; plural: string }> = [
  { kind: 'category', label: 'Category', plural: 'Categories' },
  { kind: 'techStack', label: 'Tech stack', plural: 'Tech stacks' },
  { kind: 'type', label: 'Type', plural: 'Types' },
];
const KIND_LABEL = Object.fromEntries(KINDS.map((k) => [k.kind, k.label])) as Record<Kind, string>;
const ORDERS = { added: 'Added first', label: 'Label A–Z', used: 'Most used' } as const;
type Order = keyof typeof ORDERS;
const STEP = 100;

export interface TagView {
  kind: Kind | 'all';
  status: 'all' | 'active' | 'retired';
  q: string;
  order: Order;
}

/** The view the address asks for; anything it does not understand is the default. */
export function tagView(params: URLSearchParams): TagView {
  const kind = params.get('kind');
  const status = params.get('status');
  const order = params.get('order');
  return {
    kind: KINDS.some((k) => k.kind === kind) ? (kind as Kind) : 'all',
    status: status === 'active' || status === 'retired' ? status : 'all',
    q: (params.get('q') ?? '').slice(0, 100),
    order: order === 'label' || order === 'used' ? order : 'added',
  };
}

function viewQuery(view: TagView): string {
  const params = new URLSearchParams();
  if (view.kind !== 'all') params.set('kind', view.kind);
  if (view.status !== 'all') params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.order !== 'added') params.set('order', view.order);
  const query = params.toString();
  return query ? `?${query}` : location.pathname;
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function shownTags(tags: AdminTag[], view: TagView): AdminTag[] {
  const words = fold(view.q).split(/\s+/).filter(Boolean);
  const shown = tags.filter(
    (tag) =>
      (view.kind === 'all' || tag.kind === view.kind) &&
      (view.status === 'all' || tag.status === view.status) &&
      words.every((word) => fold(`${tag.label} ${tag.value}`).includes(word)),
  );
  if (view.order === 'label') return shown.sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }));
  if (view.order === 'used') return shown.sort((a, b) => b.contents - a.contents || a.id - b.id);
  return shown;
}

type Editing = { id: number; action: 'rename' | 'merge' } | null;

export default function TagsTable({ initialView }: { initialView: TagView }) {
  const [state, setState] = useState<ListState<AdminTag[]>>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [view, setView] = useState(initialView);
  const [limit, setLimit] = useState(STEP);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState<number | 'adding' | null>(null);

  const load = useCallback(async () => {
    setRefreshing(true);
    try {
      setState({ status: 'loaded', data: await apiGet<AdminTag[]>('/api/tags/admin') });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    } finally {
      setRefreshing(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  function changeView(change: Partial<TagView>) {
    const next = { ...view, ...change };
    setView(next);
    setLimit(STEP);
    history.replaceState(history.state, '', viewQuery(next));
  }

  /** Runs one change, reports it, and reloads the list (counts move with merges). */
  async function run(id: number | 'adding', change: () => Promise<string>): Promise<boolean> {
    setBusy(id);
    try {
      toast('success', await change());
      setEditing(null);
      await load();
      return true;
    } catch (error) {
      toast('error', errorMessage(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  const tags = state.status === 'loaded' ? state.data : [];
  const shown = useMemo(() => shownTags(tags, view), [tags, view]);

  return (
    <div className="flex flex-col gap-4">
      <AddTagForm busy={busy === 'adding'} disabled={busy !== null} onAdd={(kind, label) => run('adding', async () => (await apiPost<{ message: string }>('/api/tags', { kind, label })).message)} />
      <form role="search" className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm">
          Kind
          <select className="select select-sm" value={view.kind} onChange={(event) => changeView({ kind: event.target.value as TagView['kind'] })}>
            <option value="all">All kinds</option>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.plural}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Status
          <select className="select select-sm" value={view.status} onChange={(event) => changeView({ status: event.target.value as TagView['status'] })}>
            <option value="all">Active and retired</option>
            <option value="active">Active</option>
            <option value="retired">Retired</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Find
          <input type="search" className="input input-sm" value={view.q} placeholder="Label or value" maxLength={100} onChange={(event) => changeView({ q: event.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Order
          <select className="select select-sm" value={view.order} onChange={(event) => changeView({ order: event.target.value as Order })}>
            {Object.entries(ORDERS).map(([order, label]) => (
              <option key={order} value={order}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>

      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={() => void load()} noun="tags" />
      ) : (
        <>
          <p className="text-sm text-base-content/80" role="status" data-tags-count>
            {shown.length === tags.length ? `${tags.length} tags` : `${shown.length} of ${tags.length} tags`}
          </p>
          {shown.length === 0 ? (
            <p className="alert">No tags match this view</p>
          ) : (
            <AdminTable caption="Tags" busy={refreshing || busy !== null} head={['KIND', 'LABEL', 'VALUE', 'CONTENTS', 'STATUS', 'ACTIONS']}>
              {shown.slice(0, limit).map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  editing={editing?.id === tag.id ? editing.action : null}
                  onEdit={(action) => setEditing(action ? { id: tag.id, action } : null)}
                  mergeTargets={tags.filter((other) => other.kind === tag.kind && other.id !== tag.id && other.status === 'active')}
                  busy={busy === tag.id}
                  disabled={busy !== null}
                  onRename={(label) => run(tag.id, async () => {
                    const renamed = await apiPut<AdminTag>(`/api/tags/${tag.id}`, { label });
                    return renamed.value === tag.value ? `Renamed to '${renamed.label}'` : `Renamed to '${renamed.label}'; links to ${tag.value} lead to ${renamed.value}`;
                  })}
                  onMerge={(into) => run(tag.id, async () => {
                    const merged = await apiPost<AdminTag>(`/api/tags/${tag.id}/merge`, { into: into.id });
                    return `Merged '${tag.label}' into '${merged.label}': ${merged.contents} contents`;
                  })}
                  onStatus={(status) => run(tag.id, async () => {
                    await apiPut<AdminTag>(`/api/tags/${tag.id}`, { status });
                    return status === 'retired' ? `Retired '${tag.label}': no longer offered` : `Restored '${tag.label}'`;
                  })}
                />
              ))}
            </AdminTable>
          )}
          {shown.length > limit && (
            <button type="button" className="btn btn-sm self-center" onClick={() => setLimit(limit + STEP)}>
              Show {Math.min(STEP, shown.length - limit)} more of {shown.length - limit}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function AddTagForm({ busy, disabled, onAdd }: { busy: boolean; disabled: boolean; onAdd: (kind: Kind, label: string) => Promise<boolean> }) {
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
    <form className="flex flex-wrap items-end gap-3 rounded-box bg-base-100 p-4 shadow-sm" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a tag">
      <label className="flex flex-col gap-1 text-sm">
        Kind
        <select className="select select-sm" value={kind} onChange={(event) => setKind(event.target.value as Kind)} name="kind">
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
  tag: AdminTag;
  editing: 'rename' | 'merge' | null;
  onEdit: (action: 'rename' | 'merge' | null) => void;
  mergeTargets: AdminTag[];
  busy: boolean;
  disabled: boolean;
  onRename: (label: string) => Promise<boolean>;
  onMerge: (into: AdminTag) => Promise<boolean>;
  onStatus: (status: 'active' | 'retired') => Promise<boolean>;
}

function TagRow({ tag, editing, onEdit, mergeTargets, busy, disabled, onRename, onMerge, onStatus }: TagRowProps) {
  const searchHref = `/search?${new URLSearchParams({ [tag.kind]: tag.value })}`;
  return (
    <tr data-tag={`${tag.kind}:${tag.value}`}>
      <td>{KIND_LABEL[tag.kind]}</td>
      <td className="font-medium">{tag.label}</td>
      <td className="font-mono text-xs">{tag.value}</td>
      <td>
        {tag.contents > 0 ? (
          <a className="link" href={searchHref}>
            {tag.contents}
          </a>
        ) : (
          0
        )}
      </td>
      <td>{tag.status === 'active' ? <span className="badge badge-success badge-sm">active</span> : <span className="badge badge-ghost badge-sm">retired</span>}</td>
      <td>
        {editing === 'rename' ? (
          <RenameForm tag={tag} busy={busy} onCancel={() => onEdit(null)} onRename={onRename} />
        ) : editing === 'merge' ? (
          <MergeForm tag={tag} targets={mergeTargets} busy={busy} onCancel={() => onEdit(null)} onMerge={onMerge} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => onEdit('rename')}>
              Rename<span className="sr-only"> {tag.label}</span>
            </button>
            <button type="button" className="btn btn-sm" disabled={disabled || mergeTargets.length === 0} onClick={() => onEdit('merge')}>
              Merge<span className="sr-only"> {tag.label}</span>
            </button>
            {tag.status === 'active' ? (
              <BusyButton
                className="btn btn-sm btn-warning"
                busy={busy}
                disabled={disabled}
                onClick={() => {
                  if (window.confirm(`Retire '${tag.label}'? It will no longer be offered in forms and filters; the ${tag.contents} contents that carry it keep it.`)) void onStatus('retired');
                }}
              >
                Retire<span className="sr-only"> {tag.label}</span>
              </BusyButton>
            ) : (
              <BusyButton className="btn btn-sm" busy={busy} disabled={disabled} onClick={() => void onStatus('active')}>
                Restore<span className="sr-only"> {tag.label}</span>
              </BusyButton>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

function RenameForm({ tag, busy, onCancel, onRename }: { tag: AdminTag; busy: boolean; onCancel: () => void; onRename: (label: string) => Promise<boolean> }) {
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
      <input ref={input} className="input input-sm w-44" name="label" aria-label="New label" value={label} maxLength={100} onChange={(event) => setLabel(event.target.value)} />
      <BusyButton type="submit" className="btn btn-sm btn-primary" busy={busy} disabled={unchanged || !/[\p{L}\p{N}]/u.test(label)}>
        Save
      </BusyButton>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}

function MergeForm({ tag, targets, busy, onCancel, onMerge }: { tag: AdminTag; targets: AdminTag[]; busy: boolean; onCancel: () => void; onMerge: (into: AdminTag) => Promise<boolean> }) {
  const [intoId, setIntoId] = useState('');
  const into = targets.find((target) => String(target.id) === intoId);
  const sorted = useMemo(() => [...targets].sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' })), [targets]);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      aria-label={`Merge ${tag.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (into && window.confirm(`Merge '${tag.label}' (${tag.contents} contents) into '${into.label}' (${into.contents} contents)? '${tag.label}' goes away; its links will lead to '${into.label}'.`)) void onMerge(into);
      }}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <select className="select select-sm w-48" aria-label={`Merge ${tag.label} into`} value={intoId} onChange={(event) => setIntoId(event.target.value)}>
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
