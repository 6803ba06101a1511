/**
 * docs/product.md#pages Admin users: the users table with Edit and Delete ('Are you sure to delete?'), searched by name or
 * email, filtered by role, sorted and paged by the server (docs/product.md#pages).
 */
import { call } from '#site/lib/api.ts';
import type { UserListShape } from '#db/accounts/contract.ts';
import { ADMIN_SECTION } from '#site/admin/admin-sections.ts';
import {
  AdminTable,
  Cell,
  CopyId,
  DeleteButton,
  editAddress,
  FilterSelect,
  ListControls,
  ListStatus,
  pageAddress,
  Pager,
  RowActions,
  RowsShown,
  ShortDate,
  useAdminList,
  useListQuery,
  useRowAction,
} from './list.tsx';

type UserRow = UserListShape['users'][number];

/** The list's API and its convention (site/admin/admin-sections.ts). */
const LIST = ADMIN_SECTION.users.list;
const COLUMNS = [
  { label: 'No.' },
  { label: 'ID' },
  { label: 'NAME', sort: 'name' },
  { label: 'EMAIL', sort: 'email' },
  { label: 'IS ADMIN' },
  { label: 'JOINED', sort: 'created' },
  { label: 'ACTIONS' },
];
const ROLES = [
  ['', 'Everyone'],
  ['admin', 'Admins'],
  ['user', 'Users'],
] as const;

export default function UsersTable({ initialSearch, currentUserId }: { initialSearch: string; currentUserId: string }) {
  const { query, change } = useListQuery(LIST.spec, initialSearch);
  const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query);
  const { busy, run, isBusy, confirmDialog } = useRowAction(reload);

  const remove = (user: UserRow) =>
    run(
      { action: 'deleting', id: user._id },
      {
        confirm: {
          question: 'Are you sure to delete?',
          detail: `The account of ${user.name} (${user.email}) is deleted for good, with their reviews and saves.`,
          action: 'Delete',
          tone: 'danger',
        },
        request: () => call('deleteUser', { params: { id: user._id } }),
        toast: (reply) => reply?.message || 'user deleted successfully',
      },
    );

  return (
    <div className="flex flex-col gap-4">
      <ListControls query={query} change={change} searchLabel="Search users">
        <FilterSelect label="Role" name="role" query={query} change={change} options={ROLES} />
      </ListControls>
      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={reload} noun="users" />
      ) : (
        <>
          <RowsShown data={state.data} />
          {state.data.users.length === 0 ? (
            <p className="alert">{query.search || query.filters.role ? 'No users match this view' : 'No users'}</p>
          ) : (
            <AdminTable
              caption={`Users, page ${state.data.page} of ${state.data.pages}`}
              busy={refreshing || busy !== null}
              columns={COLUMNS}
              query={query}
              change={change}
            >
              {state.data.users.map((user, index) => {
                return (
                  <tr key={user._id}>
                    <Cell label="No." phone="hide">
                      {index + 1 + state.data.count}
                    </Cell>
                    <Cell label="ID" phone="hide">
                      <CopyId id={user._id} />
                    </Cell>
                    <Cell label="NAME" phone="title">
                      {user.name}
                      {user._id === currentUserId && <span className="badge badge-ghost badge-sm ms-2">you</span>}
                      {user.twoFactorEnabled && (
                        <span
                          className="badge badge-outline badge-sm ms-2"
                          title="Signs in with a second factor (an authenticator app)"
                          data-two-factor-on
                        >
                          2FA
                        </span>
                      )}
                    </Cell>
                    <Cell label="EMAIL" className="break-words">
                      {user.email}
                      {/* Until verified, no mail but the verification reaches the address: worth knowing before mailing a reset. */}
                      {!user.emailVerified && (
                        <>
                          {' '}
                          <span className="ms-1 text-sm text-base-content/70" data-email-unverified>
                            not verified
                          </span>
                        </>
                      )}
                    </Cell>
                    <Cell label="IS ADMIN">
                      {/* A phone's row names no column: there, an admin is said in words, and a user not at all. */}
                      <span className="max-xl:hidden">{user.isAdmin ? 'YES' : 'NO'}</span>
                      {user.isAdmin && <span className="badge badge-ghost badge-sm xl:hidden">admin</span>}
                    </Cell>
                    <Cell label="JOINED">
                      <ShortDate iso={user.createdAt} />
                    </Cell>
                    <Cell label="ACTIONS" actions>
                      <RowActions name={user.name}>
                        <a className="btn btn-sm" href={editAddress(`/admin/user/${user._id}`, LIST.spec, query)}>
                          Edit<span className="sr-only"> {user.name}</span>
                        </a>
                        {/* The server refuses deleting yourself ('You cannot delete your own account'): not offered. */}
                        {user._id !== currentUserId && (
                          <DeleteButton
                            busy={isBusy('deleting', user._id)}
                            disabled={busy !== null}
                            onClick={() => void remove(user)}
                          >
                            Delete<span className="sr-only"> {user.name}</span>
                          </DeleteButton>
                        )}
                      </RowActions>
                    </Cell>
                  </tr>
                );
              })}
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
