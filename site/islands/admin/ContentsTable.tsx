/**
 * SPEC §2 Admin contents: the paged contents table with Edit and Delete ('Delete this content?'), and
 * Create Content ('Create a new content?' → an empty draft → its edit screen, SPEC §4). Each row shows
 * whether it is published or a draft (seen only here until it is saved complete), and what the link checker
 * and users found of its link: broken, failing, moved (accepted in one click), reported. The list filters
 * by status, or to broken, moved or reported links.
 */
import { useState } from 'react';
import { apiDelete, apiPost, errorMessage } from '#site/lib/api.ts';
import { flashToast, toast } from '#site/stores/toasts.ts';
import type { LinkHealthShape } from '#db/contract/shapes.ts';
import { AdminTable, ListStatus, Pager, labels, useAdminList, type PagedList, type RowAction } from './list.tsx';
import { BusyButton } from '../forms/fields.tsx';

type ContentStatus = 'draft' | 'published';

interface ContentRow {
  _id: string;
  status: ContentStatus;
  name: string;
  slug: string;
  cost: string;
  url: string;
  category: Array<{ label: string }>;
  type: Array<{ label: string }>;
  link: LinkHealthShape | null;
}

interface ContentList extends PagedList {
  contents: ContentRow[];
}

const HEAD = ['No.', 'CONTENT ID', 'NAME', 'STATUS', 'LINK', 'CATEGORY', 'TYPE', 'COST', 'ACTIONS'] as const;
const STATUS_FILTERS: Array<[string, string]> = [
  ['', 'All'],
  ['published', 'Published'],
  ['draft', 'Drafts'],
];
const LINK_FILTERS: Array<[string, string]> = [
  ['', 'Any'],
  ['broken', 'Broken'],
  ['moved', 'Moved'],
  ['reported', 'Reported'],
];
const EMPTY_LINK: Record<string, string> = { broken: 'No broken links.', moved: 'No link has moved.', reported: 'No link was reported.' };

export default function ContentsTable({ page, status = '', link = '' }: { page: number; status?: string; link?: string }) {
  const filters: Record<string, string> = link ? { link } : { status };
  const { state, reload, refreshing } = useAdminList<ContentList>('/api/contents/admin', page, filters);
  const [busy, setBusy] = useState<RowAction | null>(null);

  async function create() {
    if (!window.confirm('Create a new content?')) return;
    setBusy({ action: 'creating' });
    try {
      const { content } = await apiPost<{ content: { _id: string } }>('/api/contents');
      flashToast('success', 'new content created successfully');
      location.assign(`/admin/content/${content._id}`);
    } catch (error) {
      toast('error', errorMessage(error));
      setBusy(null);
    }
  }

  async function acceptMove(content: ContentRow) {
    if (!window.confirm(`Make ${content.link?.movedTo} the URL of ${content.name}?`)) return;
    setBusy({ action: 'accepting', id: content._id });
    try {
      await apiPost(`/api/contents/${content._id}/accept-redirect`);
      toast('success', 'The new URL is saved');
      await reload();
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function remove(content: ContentRow) {
    if (!window.confirm('Delete this content?')) return;
    setBusy({ action: 'deleting', id: content._id });
    try {
      const reply = await apiDelete<{ message?: string }>(`/api/contents/${content._id}`);
      toast('success', reply?.message || 'content deleted successfully');
      await reload();
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form method="get" action="/admin/contents" className="flex items-end gap-2">
          <label className="fieldset p-0">
            <span className="fieldset-legend text-sm">Status</span>
            <select name="status" className="select select-sm" defaultValue={link ? '' : status} onChange={(event) => showOnly(event.currentTarget, 'link')}>
              {STATUS_FILTERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset p-0">
            <span className="fieldset-legend text-sm">Link</span>
            <select name="link" className="select select-sm" defaultValue={link} onChange={(event) => showOnly(event.currentTarget, 'status')}>
              {LINK_FILTERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button className="btn btn-sm">Show</button>
          </noscript>
        </form>
        <BusyButton className="btn btn-primary" busy={busy?.action === 'creating'} disabled={busy !== null} onClick={() => void create()}>
          Create Content
        </BusyButton>
      </div>
      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={reload} noun="contents" />
      ) : (
        <>
          {state.data.contents.length === 0 ? (
            <p className="alert">{link ? EMPTY_LINK[link] : status === 'draft' ? 'No drafts: every content is published.' : status === 'published' ? 'Nothing is published yet.' : 'No contents yet: create the first one.'}</p>
          ) : (
            <AdminTable caption={`Contents, page ${state.data.page} of ${state.data.pages}`} busy={refreshing || busy !== null} head={HEAD}>
              {state.data.contents.map((content, index) => {
                const deleting = busy?.action === 'deleting' && busy.id === content._id;
                return (
                  <tr key={content._id}>
                    <td>{index + 1 + state.data.count}</td>
                    <td className="font-mono text-xs">{content._id}</td>
                    <td>
                      {content.status === 'published' ? (
                        <a className="link link-hover" href={`/content/${content.slug}`}>
                          {content.name}
                        </a>
                      ) : (
                        content.name
                      )}
                    </td>
                    <td>
                      <span className={`badge badge-sm ${content.status === 'draft' ? 'badge-warning' : 'badge-success'}`} data-status={content.status}>
                        {content.status === 'draft' ? 'Draft' : 'Published'}
                      </span>
                    </td>
                    <td>
                      <LinkFlags content={content} busy={busy} onAccept={() => void acceptMove(content)} />
                    </td>
                    <td>{labels(content.category)}</td>
                    <td>{labels(content.type)}</td>
                    <td>{content.cost}</td>
                    <td>
                      <div className="flex gap-2">
                        <a className="btn btn-sm" href={`/admin/content/${content._id}`}>
                          Edit<span className="sr-only"> {content.name}</span>
                        </a>
                        <BusyButton className="btn btn-sm btn-error" busy={deleting} disabled={busy !== null} onClick={() => void remove(content)}>
                          Delete<span className="sr-only"> {content.name}</span>
                        </BusyButton>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </AdminTable>
          )}
          <Pager page={state.data.page} pages={state.data.pages} path="/admin/contents" filters={filters} />
        </>
      )}
    </div>
  );
}

/** The list filters by status or by link, not both: choosing one resets the other. */
function showOnly(select: HTMLSelectElement, other: 'status' | 'link') {
  const form = select.form;
  if (!form) return;
  (form.elements.namedItem(other) as HTMLSelectElement).value = '';
  form.requestSubmit();
}

/** What is known of a row's link: broken or failing (with why), moved (with Accept), reported. */
function LinkFlags({ content, busy, onAccept }: { content: ContentRow; busy: RowAction | null; onAccept: () => void }) {
  const link = content.link;
  if (!link) return null;
  const checked = link.checkedAt ? `checked ${link.checkedAt.slice(0, 10)}` : 'not checked yet';
  return (
    <div className="flex flex-col items-start gap-1" data-link-flags>
      {link.brokenSince ? (
        <span className="badge badge-sm badge-error" title={`${link.error ?? ''}, ${checked}`} data-link="broken">
          Broken
        </span>
      ) : link.failures > 0 ? (
        <span className="badge badge-sm badge-warning" title={`${link.error ?? ''}, ${checked}`} data-link="failing">
          Failing ×{link.failures}
        </span>
      ) : null}
      {link.error && <span className="text-xs text-base-content/70">{link.error}</span>}
      {link.movedTo && (
        <>
          <span className="text-xs break-all" data-link="moved">
            Moved to {link.movedTo}
          </span>
          <BusyButton className="btn btn-xs" busy={busy?.action === 'accepting' && busy.id === content._id} disabled={busy !== null} onClick={onAccept}>
            Accept new URL<span className="sr-only"> of {content.name}</span>
          </BusyButton>
        </>
      )}
      {link.reports > 0 && (
        <span className="badge badge-sm badge-outline" data-link="reported">
          Reported ×{link.reports}
        </span>
      )}
    </div>
  );
}
