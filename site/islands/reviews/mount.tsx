/**
 * The content page's personal part, drawn in the browser for a signed-in user only (the page is the same
 * for everyone, and a visitor never loads React): the rating line that follows a posted review, and the
 * reviews with the user's own review or the form. Mounted over the server's markup of the same list.
 */
import { createRoot } from 'react-dom/client';
import { apiGet, errorMessage } from '#site/lib/api.ts';
import type { ContentWithReviewsShape } from '#db/contract/shapes.ts';
import { toast } from '#site/stores/toasts.ts';
import RatingSummary from './RatingSummary.tsx';
import type { Review } from './ReviewList.tsx';
import Reviews from './Reviews.tsx';

export async function mountReviews(reviewsRoot: HTMLElement, ratingRoot: HTMLElement): Promise<void> {
  const { contentId = '', slug = '' } = reviewsRoot.dataset;
  try {
    const [content, own] = await Promise.all([
      apiGet<ContentWithReviewsShape>(`/api/contents/slug/${encodeURIComponent(slug)}`),
      apiGet<{ review: Review | null }>(`/api/contents/${encodeURIComponent(contentId)}/reviews/mine`),
    ]);
    createRoot(ratingRoot).render(<RatingSummary rating={content.rating} numReviews={content.numReviews} />);
    createRoot(reviewsRoot).render(<Reviews contentId={contentId} reviews={content.reviews} ownReview={own.review} />);
  } catch (error) {
    toast('error', errorMessage(error));
  }
}
