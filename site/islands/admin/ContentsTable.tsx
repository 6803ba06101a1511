/**
 * SPEC §2 Admin contents: the paged contents table with Edit and Delete ('Delete this content?'), and
 * Create Content ('Create a new content?' → an empty draft → its edit screen, SPEC §4). Each row shows
 * whether it is published or a draft (seen only here until it is saved complete); the list filters by it.
 */
import { useState } from 'react';
import { apiDelete, apiPost, errorMessage } from '#site/lib/api.ts';
import { flashToast, toast } from '#site/stores/toasts.ts';
import { AdminTable, ListStatus, Pager, labels, useAdminList, type PagedList, type RowAction } from './list.tsx';
import { BusyButton } from '../forms/fields.tsx';

type ContentStatus = 'draft' | 'published';

interface ContentRow {
  _id: string;
  status: ContentStatus;
  name: string;
  slug: string;
  cost: string;
  category: Array<{ label: string }>;
  type: Array<{ label: string }>;
}

interface ContentList extends PagedList {
  contents: ContentRow[];
}

const HEAD = ['No.', 'CONTENT ID', 'NAME', 'STATUS', 'CATEGORY', 'TYPE', 'COST', 'ACTIONS'] as const;
const STATUS_FILTERS: Array<[string, string]> = [
  ['', 'All'],
  ['published', 'Published'],
  ['draft', 'Drafts'],
];

export default function ContentsTable({ page, status = '' }: { page: number; status?: string }) {
  const filters = { status };
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
            <select name="status" className="select select-sm" defaultValue={status} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
              {STATUS_FILTERS.map(([value, label]) => (
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
            <p className="alert">{status === 'draft' ? 'No drafts: every content is published.' : status === 'published' ? 'Nothing is published yet.' : 'No contents yet: create the first one.'}</p>
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
