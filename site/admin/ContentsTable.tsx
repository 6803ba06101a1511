/**
 * docs/product.md#pages Admin contents: the paged contents table with Edit and Delete ('Delete this content?'), and
 * Create Content ('Create a new content?' → an empty draft → its edit screen, docs/product.md#how-things-change). Each row shows
 * whether it is published or a draft (seen only here until it is saved complete), and what the link checker
 * and users found of its link: broken, failing, moved (accepted in one click), reported. The list filters
 * by status, category, cost, or to broken, moved or reported links; search, sort and paging are the server's
 * (docs/product.md#pages).
 */
import { call } from '#site/lib/api.ts';
import type { ContentListShape } from '#db/reports/contract.ts';
import type { ListQuery } from '#db/validation/list-query.ts';
import { ADMIN_SECTION } from '#site/admin/admin-sections.ts';
import { COSTS, TAG_KIND_NAMES } from '#db/catalog/taxonomy.ts';
import {
  AdminTable,
  Cell,
  CopyId,
  DeleteButton,
  editAddress,
  FilterSelect,
  ListControls,
  ListStatus,
  labels,
  pageAddress,
  Pager,
  RowActions,
  RowsShown,
  ShortDate,
  TwoLines,
  useAdminList,
  useListQuery,
  useRowAction,
  type RowAction,
} from './list.tsx';
import { BusyButton } from '../ui/fields.tsx';

type ContentRow = ContentListShape['contents'][number];

/** The list's API and its convention (site/admin/admin-sections.ts). */
const LIST = ADMIN_SECTION.contents.list;
const COLUMNS = [
  { label: 'No.' },
  { label: 'CONTENT ID' },
  { label: 'NAME', sort: 'name' },
  { label: 'STATUS' },
  { label: 'LINK' },
  { label: 'CATEGORY' },
  { label: 'TYPE' },
  { label: 'COST', sort: 'cost' },
  { label: 'ADDED', sort: 'created' },
  { label: 'ACTIONS' },
];
const STATUS_FILTERS = [
  ['', 'All'],
  ['published', 'Published'],
  ['draft', 'Drafts'],
] as const;
const LINK_FILTERS = [
  ['', 'Any'],
  ['broken', 'Broken'],
  ['moved', 'Moved'],
  ['reported', 'Reported'],
] as const;
const COST_FILTERS = [['', 'Any'], ...COSTS.map((cost) => [cost, cost] as const)] as const;
const EMPTY_LINK: Record<string, string> = {
  broken: 'No broken links.',
  moved: 'No link has moved.',
  reported: 'No link was reported.',
};

function emptyMessage(query: ListQuery): string {
  const { status, link, category, cost } = query.filters;
  if (query.search || category || cost) return 'No contents match this view';
  if (link) return EMPTY_LINK[link] ?? 'No contents match this view';
  if (status === 'draft') return 'No drafts: every content is published.';
  if (status === 'published') return 'Nothing is published yet.';
  return 'No contents yet: create the first one.';
}

export default function ContentsTable({
  initialSearch,
  categories,
}: {
  initialSearch: string;
  categories: Array<{ label: string; value: string }>;
}) {
  const { query, change } = useListQuery(LIST.spec, initialSearch);
  const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query);
  const { busy, run, isBusy, confirmDialog } = useRowAction(reload);

  // A new draft opens on its edit screen (docs/product.md#how-things-change).
  const create = () =>
    run(
      { action: 'creating' },
      {
        confirm: {
          question: 'Create a new content?',
          detail: 'An empty draft is made and opened; only admins see it until it is saved complete.',
          action: 'Create',
          tone: 'primary',
        },
        request: () => call('createDraft'),
        toast: 'new content created successfully',
        goTo: ({ content }) => `/admin/content/${content._id}`,
      },
    );

  const acceptMove = (content: ContentRow) =>
    run(
      { action: 'accepting', id: content._id },
      {
        confirm: {
          question: `Accept the new URL of “${content.name}”?`,
          detail: `Its link permanently redirects to ${content.link?.movedTo}: that becomes its URL.`,
          action: 'Accept',
          tone: 'primary',
        },
        request: () => call('acceptRedirect', { params: { id: content._id } }),
        toast: 'The new URL is saved',
      },
    );

  const remove = (content: ContentRow) =>
    run(
      { action: 'deleting', id: content._id },
      {
        confirm: {
          question: 'Delete this content?',
          detail: `“${content.name}” is deleted for good, with its reviews and saves.`,
          action: 'Delete',
          tone: 'danger',
        },
        request: () => call('deleteContent', { params: { id: content._id } }),
        toast: (reply) => reply?.message || 'content deleted successfully',
      },
    );

  const categoryOptions = [['', 'Any'] as const, ...categories.map((c) => [c.value, c.label] as const)];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <BusyButton
          className="btn btn-primary"
          busy={isBusy('creating')}
          disabled={busy !== null}
          onClick={() => void create()}
        >
          Create Content
        </BusyButton>
      </div>
      <ListControls query={query} change={change} searchLabel="Search contents">
        <FilterSelect label="Status" name="status" query={query} change={change} options={STATUS_FILTERS} />
        <FilterSelect
          label={TAG_KIND_NAMES.category.one}
          name="category"
          query={query}
          change={change}
          options={categoryOptions}
        />
        <FilterSelect label="Cost" name="cost" query={query} change={change} options={COST_FILTERS} />
        <FilterSelect label="Link" name="link" query={query} change={change} options={LINK_FILTERS} />
      </ListControls>
      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={reload} noun="contents" />
      ) : (
        <>
          <RowsShown data={state.data} />
          {state.data.contents.length === 0 ? (
            <p className="alert">{emptyMessage(query)}</p>
          ) : (
            <AdminTable
              caption={`Contents, page ${state.data.page} of ${state.data.pages}`}
              busy={refreshing || busy !== null}
              columns={COLUMNS}
              query={query}
              change={change}
            >
              {state.data.contents.map((content, index) => {
                return (
                  <tr key={content._id}>
                    <Cell label="No." phone="hide">
                      {index + 1 + state.data.count}
                    </Cell>
                    <Cell label="CONTENT ID" phone="hide">
                      <CopyId id={content._id} />
                    </Cell>
                    <Cell label="NAME" phone="title" className="min-w-40">
                      <ContentName content={content} />
                    </Cell>
                    <Cell label="STATUS">
                      <span
                        className={`badge badge-sm ${content.status === 'draft' ? 'badge-warning' : 'badge-success'}`}
                        data-status={content.status}
                      >
                        {content.status === 'draft' ? 'Draft' : 'Published'}
                      </span>
                    </Cell>
                    <Cell label="LINK">
                      <LinkFlags content={content} busy={busy} onAccept={() => void acceptMove(content)} />
                    </Cell>
                    <Cell label="CATEGORY">
                      <TwoLines text={labels(content.category)} />
                    </Cell>
                    <Cell label="TYPE">
                      <TwoLines text={labels(content.type)} />
                    </Cell>
                    <Cell label="COST">{content.cost}</Cell>
                    <Cell label="ADDED">
                      <ShortDate iso={content.createdAt} />
                    </Cell>
                    <Cell label="ACTIONS" actions>
                      <RowActions name={content.name}>
                        <a className="btn btn-sm" href={editAddress(`/admin/content/${content._id}`, LIST.spec, query)}>
                          Edit<span className="sr-only"> {content.name}</span>
                        </a>
                        <DeleteButton
                          busy={isBusy('deleting', content._id)}
                          disabled={busy !== null}
                          onClick={() => void remove(content)}
                        >
                          Delete<span className="sr-only"> {content.name}</span>
                        </DeleteButton>
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

/** A content's name: a link to its page once published, else its name alone (two lines at most). */
function ContentName({ content }: { content: ContentRow }) {
  return content.status === 'published' ? (
    <a className="link link-hover xl:line-clamp-2" href={`/content/${content.slug}`} title={content.name}>
      {content.name}
    </a>
  ) : (
    <TwoLines text={content.name} />
  );
}

/** What is known of a row's link: broken or failing (with why), moved (with Accept), reported; else whether it was checked. */
function LinkFlags({ content, busy, onAccept }: { content: ContentRow; busy: RowAction | null; onAccept: () => void }) {
  const link = content.link;
  const checked = link?.checkedAt ? `checked ${link.checkedAt.slice(0, 10)}` : 'not checked yet';
  // A link with nothing to say: a phone's row, which names no column, leaves it out.
  if (!link || (!link.failures && !link.movedTo && !link.reports && !link.error))
    return (
      <span
        className="whitespace-nowrap text-xs text-base-content/80 max-xl:hidden"
        title={link?.status ? `HTTP ${link.status}, ${checked}` : undefined}
        data-link={link ? 'ok' : 'unchecked'}
      >
        {link ? 'OK' : 'not checked'}
      </span>
    );
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
          <BusyButton
            className="btn btn-xs"
            busy={busy?.action === 'accepting' && busy.id === content._id}
            disabled={busy !== null}
            onClick={onAccept}
          >
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
