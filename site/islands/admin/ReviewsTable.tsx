/**
 * The admin's reviews (docs/product.md §2 Admin reviews): find by words, filter by content or stars, sort by
 * a column, choose the page size, delete after a confirmation. The view lives in the address in the admin
 * lists' convention (page, pageSize, search, sort, order, and the filters content and rating) and the server
 * does the work (GET /api/reviews/admin); deletions go through DELETE /api/reviews/{id}, which audits them.
 * Self-contained on purpose: it uses only the list kit's loading, states and pager (./list.tsx).
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import type { ApiReviewShape } from '#db/contract/shapes.ts';
import { defaultOrder, PAGE_SIZES, REVIEW_SORTS, type ReviewSort, type SortOrder } from '#db/validation/review-rules.ts';
import { apiDelete, errorMessage } from '#site/lib/api.ts';
import { isoDay } from '#site/lib/text.ts';
import { toast } from '#site/stores/toasts.ts';
import { BusyButton } from '../forms/fields.tsx';
import { Stars } from '../reviews/Stars.tsx';
import { ListStatus, Pager, requestedPage, useAdminList, type PagedList } from './list.tsx';

interface ReviewRow extends ApiReviewShape {
  userId: string;
  content: { _id: string; name: string; slug: string };
}

interface ReviewList extends PagedList {
  content?: { _id: string; name: string } | null;
  reviews: ReviewRow[];
}

export interface ReviewView {
  page: number;
  pageSize: number;
  search: string;
  sort: ReviewSort;
  order: SortOrder;
  content: string;
  rating: string;
}

const PATH = '/admin/reviews';
const COLUMNS: Array<{ label: string; sort?: ReviewSort }> = [
  { label: 'No.' },
  { label: 'DATE', sort: 'createdAt' },
  { label: 'CONTENT', sort: 'content' },
  { label: 'AUTHOR', sort: 'name' },
  { label: 'RATING', sort: 'rating' },
  { label: 'COMMENT' },
  { label: 'ACTIONS' },
];

/** The view the address asks for; anything the list cannot apply is the default. */
export function reviewView(params: URLSearchParams): ReviewView {
  const sort = REVIEW_SORTS.find((s) => s === params.get('sort')) ?? 'createdAt';
  const order = params.get('order');
  const pageSize = Number(params.get('pageSize'));
  const rating = params.get('rating') ?? '';
  return {
    page: requestedPage(params.get('page')),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZES[0],
    search: (params.get('search') ?? '').slice(0, 200),
    sort,
    order: order === 'asc' || order === 'desc' ? order : defaultOrder(sort),
    content: (params.get('content') ?? '').slice(0, 100),
    rating: /^[1-5]$/.test(rating) ? rating : '',
  };
}

/** The view's parameters other than the page, defaults left out, for the API and the address alike. */
function viewFilters(view: ReviewView): Record<string, string> {
  return {
    pageSize: view.pageSize === PAGE_SIZES[0] ? '' : String(view.pageSize),
    search: view.search,
    sort: view.sort === 'createdAt' ? '' : view.sort,
    order: view.order === defaultOrder(view.sort) ? '' : view.order,
    content: view.content,
    rating: view.rating,
  };
}

function addressOf(view: ReviewView): string {
  const params = new URLSearchParams({ page: String(view.page) });
  for (const [key, value] of Object.entries(viewFilters(view))) if (value) params.set(key, value);
  return `${PATH}?${params}`;
}

export default function ReviewsTable({ initialView }: { initialView: ReviewView }) {
  const [view, setView] = useState(initialView);
  const [search, setSearch] = useState(initialView.search);
  const [deleting, setDeleting] = useState<string | null>(null);
  const filters = viewFilters(view);
  const { state, reload, refreshing } = useAdminList<ReviewList>('/api/reviews/admin', view.page, filters);

  // Back and Forward walk the views this page has shown.
  useEffect(() => {
    const follow = () => {
      const shown = reviewView(new URLSearchParams(location.search));
      setView(shown);
      setSearch(shown.search);
    };
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);

  /** A new view starts at its first page and is a new entry in the history (so Back returns to the last one). */
  function changeView(change: Partial<ReviewView>) {
    const next = { ...view, page: 1, ...change };
    setView(next);
    history.pushState(history.state, '', addressOf(next));
  }

  function find(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    changeView({ search: search.trim() });
  }

  function sortBy(sort: ReviewSort) {
    changeView({ sort, order: view.sort === sort ? (view.order === 'asc' ? 'desc' : 'asc') : defaultOrder(sort) });
  }

  async function remove(review: ReviewRow) {
    if (!window.confirm('Delete this review?')) return;
    setDeleting(review._id);
    try {
      toast('success', (await apiDelete<{ message: string }>(`/api/reviews/${encodeURIComponent(review._id)}`)).message);
      await reload();
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setDeleting(null);
    }
  }

  const data = state.status === 'loaded' ? state.data : null;
  const filteredContent = data?.content;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <form role="search" aria-label="Reviews" onSubmit={find} className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Find reviews
            <input type="search" className="input input-sm w-64" value={search} maxLength={200} placeholder="comment, author or content" onChange={(event) => setSearch(event.target.value)} />
          </label>
          <button type="submit" className="btn btn-sm">
            Search
          </button>
        </form>
        <label className="flex flex-col gap-1 text-sm">
          Rating
          <select className="select select-sm w-32" value={view.rating} onChange={(event) => changeView({ rating: event.target.value })}>
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={String(stars)}>
                {stars} {stars === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Rows per page
          <select className="select select-sm w-24" value={view.pageSize} onChange={(event) => changeView({ pageSize: Number(event.target.value) })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {view.content && (
          <p className="badge badge-lg gap-2" data-content-filter>
            Content: {filteredContent === null ? 'deleted' : (filteredContent?.name ?? '…')}
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => changeView({ content: '' })}>
              <span aria-hidden="true">×</span>
              <span className="sr-only">Show the reviews of every content</span>
            </button>
          </p>
        )}
      </div>

      {!data ? (
        <ListStatus state={state} onRetry={reload} noun="reviews" />
      ) : data.reviews.length === 0 ? (
        <p className="alert">No reviews</p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow-sm">
          <table className={`table table-zebra ${refreshing || deleting ? 'opacity-60' : ''}`} aria-busy={refreshing || deleting !== null || undefined}>
            <caption className="sr-only">
              Reviews, page {data.page} of {data.pages}, {data.total} in all
            </caption>
            <thead>
              <tr>
                {COLUMNS.map(({ label, sort }) => (
                  <th key={label} scope="col" aria-sort={sort && view.sort === sort ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {sort ? (
                      <button type="button" className="btn btn-ghost btn-xs -mx-2 font-bold" onClick={() => sortBy(sort)}>
                        {label}
                        <span aria-hidden="true">{view.sort === sort ? (view.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.reviews.map((review, index) => (
                <tr key={review._id} data-review-row>
                  <td>{index + 1 + data.count}</td>
                  <td className="whitespace-nowrap">
                    <time dateTime={review.createdAt}>{isoDay(review.createdAt)}</time>
                  </td>
                  <td>
                    <a className="link" href={`/content/${encodeURIComponent(review.content.slug)}#reviews`}>
                      {review.content.name}
                    </a>
                    {view.content !== review.content._id && (
                      <button type="button" className="btn btn-ghost btn-xs ms-1" onClick={() => changeView({ content: review.content._id })}>
                        Only this<span className="sr-only"> content: {review.content.name}</span>
                      </button>
                    )}
                  </td>
                  <td>{review.name}</td>
                  <td>
                    <Stars rating={review.rating} size="sm" />
                  </td>
                  <td className="max-w-md">
                    <p className="line-clamp-3 whitespace-pre-line break-words">{review.comment}</p>
                  </td>
                  <td>
                    <BusyButton className="btn btn-sm btn-error" busy={deleting === review._id} disabled={deleting !== null} onClick={() => void remove(review)}>
                      Delete<span className="sr-only"> the review by {review.name} of {review.content.name}</span>
                    </BusyButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={data.page} pages={data.pages} path={PATH} filters={filters} />}
    </div>
  );
}
