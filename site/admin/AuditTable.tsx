/**
 * The Audit log screen (docs/product.md#pages Audit log), one more table of the kit (./list.tsx): every admin
 * change, found by words in its target or details, filtered by action or admin, sorted, paged. Read only.
 */
import { auditActionLabel } from '#db/validation/audit-actions.ts';
import { ADMIN_SECTION } from '#site/admin/admin-sections.ts';
import { detailsSummary, fullDateTime, shortDateTime, targetView } from '#site/admin/audit-entries.ts';
import {
  AdminTable,
  Cell,
  FilterSelect,
  ListControls,
  ListStatus,
  pageAddress,
  Pager,
  RowsShown,
  useAdminList,
  useListQuery,
} from './list.tsx';

/** The list's API and its convention (site/admin/admin-sections.ts). */
const LIST = ADMIN_SECTION.audit.list;
const COLUMNS = [
  { label: 'WHEN', sort: 'at' },
  { label: 'ADMIN', sort: 'admin' },
  { label: 'ACTION', sort: 'action' },
  { label: 'TARGET' },
  { label: 'DETAILS' },
];
const ACTIONS = [
  ['', 'Any action'],
  ...LIST.spec.filters.action.map((action) => [action, auditActionLabel(action)] as const),
] as const;

export default function AuditTable({
  initialSearch,
  admins,
  you,
}: {
  initialSearch: string;
  admins: Array<{ id: string; label: string }>;
  you: string;
}) {
  const { query, change } = useListQuery(LIST.spec, initialSearch);
  const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query);
  const chosen = query.filters.admin;
  // An admin named by the address but not in the list (hand-typed, or new since the page loaded) stays chosen.
  const known =
    chosen && !admins.some((admin) => admin.id === chosen) ? [...admins, { id: chosen, label: chosen }] : admins;
  const adminOptions = [
    ['', 'Every admin'],
    ...known.map((admin) => [admin.id, admin.id === you ? `${admin.label} (you)` : admin.label] as const),
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      <ListControls query={query} change={change} searchLabel="Find in targets and details">
        <FilterSelect label="Action" name="action" query={query} change={change} options={ACTIONS} />
        <FilterSelect label="Admin" name="admin" query={query} change={change} options={adminOptions} />
      </ListControls>
      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={reload} noun="audit entries" />
      ) : (
        <>
          <RowsShown data={state.data} />
          {state.data.entries.length === 0 ? (
            <p className="alert">
              {query.search || query.filters.action || chosen ? 'No audit entries match' : 'No audit entries yet'}
            </p>
          ) : (
            <AdminTable
              caption={`Audit log, page ${state.data.page} of ${state.data.pages}`}
              busy={refreshing}
              columns={COLUMNS}
              query={query}
              change={change}
            >
              {state.data.entries.map((entry) => {
                const target = targetView(entry);
                const details = detailsSummary(entry.details);
                return (
                  <tr key={entry.id} data-audit-entry={entry.action}>
                    <Cell label="WHEN" className="whitespace-nowrap">
                      <time dateTime={entry.at} title={fullDateTime(entry.at)}>
                        {shortDateTime(entry.at)}
                      </time>
                    </Cell>
                    {/* One element a cell: a phone's card sets each cell's content beside its label. */}
                    <Cell label="ADMIN" className="break-words">
                      <span title={entry.admin.email}>
                        {entry.admin.label}
                        {entry.admin.id === you && <span className="badge badge-ghost badge-sm ms-2">you</span>}
                        {entry.admin.email && (
                          <span className="block text-xs break-all text-base-content/70" data-admin-email>
                            {entry.admin.email}
                          </span>
                        )}
                      </span>
                    </Cell>
                    <Cell label="ACTION" phone="title">
                      <span title={entry.action}>{auditActionLabel(entry.action)}</span>
                    </Cell>
                    <Cell label="TARGET" className="break-words">
                      <span>
                        {target.noun}{' '}
                        {target.href ? (
                          <a className="link" href={target.href}>
                            {target.name}
                          </a>
                        ) : (
                          target.name
                        )}
                        {target.gone && <span className="text-sm text-base-content/80"> (no longer exists)</span>}
                      </span>
                    </Cell>
                    <Cell label="DETAILS" phone="text" className="max-w-md">
                      {details && (
                        <p className="line-clamp-3 break-words text-sm" title={JSON.stringify(entry.details, null, 2)}>
                          {details}
                        </p>
                      )}
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
    </div>
  );
}
