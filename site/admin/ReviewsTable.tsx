/**
 * The admin's reviews (docs/product.md#pages Admin reviews), one more table of the kit (./list.tsx): find by
 * words, filter by stars, by reports waiting or (a row's "Its reviews", cleared by its chip) by content, sort,
 * page; delete after a confirmation through DELETE /api/reviews/{id}, or dismiss a reported review's reports
 * through DELETE /api/reviews/{id}/reports, both audited.
 */
import type { AdminReviewRowShape } from '#db/reviews/contract.ts';
import { ADMIN_SECTION } from '#site/admin/admin-sections.ts';
import { call } from '#site/lib/api.ts';
import { BusyButton } from '../ui/fields.tsx';
import { Stars } from '../ui/Stars.tsx';
import {
  AdminTable,
  Cell,
  DeleteButton,
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

/** The list's API and its convention (site/admin/admin-sections.ts). */
const LIST = ADMIN_SECTION.reviews.list;
const COLUMNS = [
  { label: 'No.' },
  { label: 'DATE', sort: 'createdAt' },
  { label: 'CONTENT', sort: 'content' },
  { label: 'AUTHOR', sort: 'name' },
  { label: 'RATING', sort: 'rating' },
  { label: 'COMMENT' },
  { label: 'REPORTS', sort: 'reports' },
  { label: 'ACTIONS' },
];
const REPORTED = [
  ['', 'Any'],
  ['yes', 'Reported'],
] as const;
const RATINGS = [
  ['', 'Any'],
  ...[5, 4, 3, 2, 1].map((stars) => [String(stars), `${stars} ${stars === 1 ? 'star' : 'stars'}`] as const),
] as const;

export default function ReviewsTable({ initialSearch }: { initialSearch: string }) {
  const { query, change } = useListQuery(LIST.spec, initialSearch);
  const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query);
  const { busy, run, isBusy, confirmDialog } = useRowAction(reload);
  const onlyContent = query.filters.content;

  const remove = (review: AdminReviewRowShape) =>
    run(
      { action: 'deleting', id: review._id },
      {
        confirm: {
          question: 'Delete this review?',
          detail: `The review by ${review.name} of “${review.content.name}” is deleted for good; the deletion is audited with what it said.`,
          action: 'Delete',
          tone: 'danger',
        },
        request: () => call('deleteReview', { params: { id: review._id } }),
        toast: (reply) => reply.message,
      },
    );

  const dismiss = (review: AdminReviewRowShape) =>
    run(
      { action: 'dismissing', id: review._id },
      {
        confirm: {
          question: 'Dismiss the reports?',
          detail: `The review by ${review.name} of “${review.content.name}” stays as it is; its ${review.reports.count === 1 ? 'report goes' : `${review.reports.count} reports go`}, and the dismissal is audited.`,
          action: 'Dismiss',
          tone: 'primary',
        },
        request: () => call('dismissReviewReports', { params: { id: review._id } }),
        toast: (reply) => reply.message,
      },
    );

  const chosen = state.status === 'loaded' ? state.data.content : undefined;
  return (
    <div className="flex flex-col gap-4">
      <ListControls query={query} change={change} searchLabel="Find reviews">
        <FilterSelect label="Rating" name="rating" query={query} change={change} options={RATINGS} />
        <FilterSelect label="Reports" name="reported" query={query} change={change} options={REPORTED} />
        {onlyContent && (
          <p className="badge badge-lg gap-2 self-center" data-content-filter>
            Content: {chosen === null ? 'deleted' : (chosen?.name ?? '…')}
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => change({ filters: { content: '' } })}>
              <span aria-hidden="true">×</span>
              <span className="sr-only">Show the reviews of every content</span>
            </button>
          </p>
        )}
      </ListControls>
      {state.status !== 'loaded' ? (
        <ListStatus state={state} onRetry={reload} noun="reviews" />
      ) : (
        <>
          <RowsShown data={state.data} />
          {state.data.reviews.length === 0 ? (
            <p className="alert">
              {query.search || onlyContent || query.filters.rating || query.filters.reported
                ? 'No reviews match this view'
                : 'No reviews'}
            </p>
          ) : (
            <AdminTable
              caption={`Reviews, page ${state.data.page} of ${state.data.pages}`}
              busy={refreshing || busy !== null}
              columns={COLUMNS}
              query={query}
              change={change}
            >
              {state.data.reviews.map((review, index) => (
                <tr key={review._id} data-review-row>
                  <Cell label="No." phone="hide">
                    {index + 1 + state.data.count}
                  </Cell>
                  <Cell label="DATE">
                    <ShortDate iso={review.createdAt} />
                  </Cell>
                  <Cell label="CONTENT" phone="title">
                    {/* One box, 24 px at least, even when a long name wraps beside "Its reviews" (WCAG 2.5.8). */}
                    <a
                      className="link inline-block min-h-6"
                      href={`/content/${encodeURIComponent(review.content.slug)}#reviews`}
                    >
                      {review.content.name}
                    </a>
                    {onlyContent !== review.content._id && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs ms-1 touch:btn-sm"
                        onClick={() => change({ filters: { content: review.content._id } })}
                      >
                        Its reviews<span className="sr-only">: {review.content.name}</span>
                      </button>
                    )}
                  </Cell>
                  <Cell label="AUTHOR">{review.name}</Cell>
                  <Cell label="RATING">
                    <Stars rating={review.rating} size="sm" />
                  </Cell>
                  <Cell label="COMMENT" phone="text" className="max-w-md">
                    <p className="line-clamp-3 whitespace-pre-line break-words">{review.comment}</p>
                  </Cell>
                  <Cell label="REPORTS">
                    {review.reports.count > 0 ? (
                      <span data-review-reports>
                        <span className="badge badge-warning badge-sm">{review.reports.count}</span>{' '}
                        {review.reports.reasons
                          .map((r) => (r.count > 1 ? `${r.label} ×${r.count}` : r.label))
                          .join(', ')}
                      </span>
                    ) : (
                      <span className="text-base-content/80 max-xl:hidden">None</span>
                    )}
                  </Cell>
                  <Cell label="ACTIONS" actions>
                    <RowActions name={`the review by ${review.name} of ${review.content.name}`}>
                      {review.reports.count > 0 && (
                        <BusyButton
                          className="btn btn-sm"
                          busy={isBusy('dismissing', review._id)}
                          disabled={busy !== null}
                          onClick={() => void dismiss(review)}
                        >
                          Dismiss<span className="sr-only"> the reports of the review by {review.name}</span>
                        </BusyButton>
                      )}
                      <DeleteButton
                        busy={isBusy('deleting', review._id)}
                        disabled={busy !== null}
                        onClick={() => void remove(review)}
                      >
                        Delete
                        <span className="sr-only">
                          {' '}
                          the review by {review.name} of {review.content.name}
                        </span>
                      </DeleteButton>
                    </RowActions>
                  </Cell>
                </tr>
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
