/** SPEC §2 Admin users: the paged users table with Edit and Delete ('Are you sure to delete?'). */
import { useState } from 'react';
import { apiDelete, errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { AdminTable, ListStatus, Pager, useAdminList, type PagedList, type RowAction } from './list.tsx';
import { BusyButton } from '../forms/fields.tsx';

interface UserRow {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

interface UserList extends PagedList {
  users: UserRow[];
}

const HEAD = ['No.', 'ID', 'NAME', 'EMAIL', 'IS ADMIN', 'ACTIONS'] as const;

export default function UsersTable({ page, currentUserId }: { page: number; currentUserId: string }) {
  const { state, reload, refreshing } = useAdminList<UserList>('/api/users/admin', page);
  const [busy, setBusy] = useState<RowAction | null>(null);

  async function remove(user: UserRow) {
    if (!window.confirm('Are you sure to delete?')) return;
    setBusy({ action: 'deleting', id: user._id });
    try {
      const reply = await apiDelete<{ message?: string }>(`/api/users/${user._id}`);
      toast('success', reply?.message || 'user deleted successfully');
      await reload();
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  if (state.status !== 'loaded') return <ListStatus state={state} onRetry={reload} noun="users" />;
  const { users, count, pages } = state.data;

  return (
    <div className="flex flex-col gap-4">
      {users.length === 0 ? (
        <p className="alert">No users</p>
      ) : (
        <AdminTable caption={`Users, page ${state.data.page} of ${pages}`} busy={refreshing || busy !== null} head={HEAD}>
          {users.map((user, index) => {
            const deleting = busy?.action === 'deleting' && busy.id === user._id;
            return (
              <tr key={user._id}>
                <td>{index + 1 + count}</td>
                <td className="font-mono text-xs">{user._id}</td>
                <td>
                  {user.name}
                  {user._id === currentUserId && <span className="badge badge-ghost badge-sm ms-2">you</span>}
                </td>
                <td>{user.email}</td>
                <td>{user.isAdmin ? 'YES' : 'NO'}</td>
                <td>
                  <div className="flex gap-2">
                    <a className="btn btn-sm" href={`/admin/user/${user._id}`}>
                      Edit<span className="sr-only"> {user.name}</span>
                    </a>
                    {/* The server refuses deleting yourself ('You cannot delete your own account'): not offered. */}
                    {user._id !== currentUserId && (
                      <BusyButton className="btn btn-sm btn-error" busy={deleting} disabled={busy !== null} onClick={() => void remove(user)}>
                        Delete<span className="sr-only"> {user.name}</span>
                      </BusyButton>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <Pager page={state.data.page} pages={pages} path="/admin/users" />
    </div>
  );
}
