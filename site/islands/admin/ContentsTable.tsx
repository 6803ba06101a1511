/**
 * SPEC §2 Admin contents: the paged contents table with Edit and Delete ('Delete this content?'), and
 * Create Content ('Create a new content?' → an empty content → its edit screen, SPEC §4).
 */
import { useState } from 'react';
import { apiDelete, apiPost, errorMessage } from '#site/lib/api.ts';
import { flashToast, toast } from '#site/stores/toasts.ts';
import { AdminTable, ListStatus, Pager, labels, useAdminList, type PagedList, type RowAction } from './list.tsx';
import { BusyButton } from '../forms/fields.tsx';

interface ContentRow {
  _id: string;
  name: string;
  slug: string;
  cost: string;
  category: Array<{ label: string }>;
  type: Array<{ label: string }>;
}

interface ContentList extends PagedList {
  contents: ContentRow[];
}

const HEAD = ['No.', 'CONTENT ID', 'NAME', 'CATEGORY', 'TYPE', 'COST', 'ACTIONS'] as const;

export default function ContentsTable({ page }: { page: number }) {
  const { state, reload, refreshing } = useAdminList<ContentList>('/api/contents/admin', page);
  const [busy, setBusy] = useState<RowAction | null>(null);

  async function create() {
    if (!window.confirm('Create a new content?')) return;
    setBusy({ action: 'creating' });
    try {
      const content = await apiPost<{ _id: string }>('/api/contents');
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
      <div className="flex justify-end">
        <BusyButton className="btn btn-primary" busy={busy?.action === 'creating'} disabled={busy !== null} onClick={() => void create()}>
          Create Content
        </BusyButton>
      </div>
      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={reload} noun="contents" />
      ) : (
        <>
          {state.data.contents.length === 0 ? (
            <p className="alert">No contents yet: create the first one.</p>
          ) : (
            <AdminTable caption={`Contents, page ${state.data.page} of ${state.data.pages}`} busy={refreshing || busy !== null} head={HEAD}>
              {state.data.contents.map((content, index) => {
                const deleting = busy?.action === 'deleting' && busy.id === content._id;
                return (
                  <tr key={content._id}>
                    <td>{index + 1 + state.data.count}</td>
                    <td className="font-mono text-xs">{content._id}</td>
                    <td>
                      <a className="link link-hover" href={`/content/${content.slug}`}>
                        {content.name}
                      </a>
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
          <Pager page={state.data.page} pages={state.data.pages} path="/admin/contents" />
        </>
      )}
    </div>
  );
}
