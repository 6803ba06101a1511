/**
 * The content page's personal part, drawn in the browser for a signed-in user only (the page is the same
 * for everyone, and a visitor never loads React): the rating line that follows a posted review, and the
 * reviews with the user's own review or the form, their helpful votes and the report buttons. Mounted over the server's markup of the same list.
 */
import { createRoot } from 'react-dom/client';
import { call, errorMessage } from '#site/lib/api.ts';
import { isReviewOrder } from '#site/reviews/review-order.ts';
import { toast } from '#site/stores/toasts.ts';
import RatingSummary from './RatingSummary.tsx';
import Reviews from './Reviews.tsx';

export async function mountReviews(reviewsRoot: HTMLElement, ratingRoot: HTMLElement): Promise<void> {
  const { contentId = '', slug = '' } = reviewsRoot.dataset;
  try {
    const [content, own, votes] = await Promise.all([
      call('contentBySlug', { params: { slug } }),
      call('myReviewOf', { params: { id: contentId } }),
      call('myHelpfulVotes', { params: { id: contentId } }),
    ]);
    // The order a visitor's control may have chosen before this took over.
    const shown = reviewsRoot.querySelector<HTMLSelectElement>('[data-review-order]')?.value;
    createRoot(ratingRoot).render(<RatingSummary rating={content.rating} numReviews={content.numReviews} />);
    createRoot(reviewsRoot).render(
      <Reviews
        contentId={contentId}
        reviews={content.reviews}
        ownReview={own.review}
        votedIds={votes.reviewIds}
        order={isReviewOrder(shown) ? shown : undefined}
      />,
    );
  } catch (error) {
    showLoadFailure(reviewsRoot, ratingRoot, errorMessage(error));
  }
}

/**
 * Where the user's review or the form would be, what went wrong and a Retry: a spinner left turning, or a
 * toast gone in seconds, would leave no way to write a review but reloading the page.
 */
function showLoadFailure(reviewsRoot: HTMLElement, ratingRoot: HTMLElement, message: string): void {
  const place = reviewsRoot.querySelector<HTMLElement>('[data-signed-in-only]');
  if (!place) {
    toast('error', message);
    return;
  }
  const alert = document.createElement('div');
  alert.className = 'alert alert-error';
  alert.setAttribute('role', 'alert');
  alert.dataset.reviewsFailed = '';
  const text = document.createElement('span');
  text.textContent = `Your review could not be loaded. ${message}`;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'btn btn-sm';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => {
    retry.disabled = true;
    void mountReviews(reviewsRoot, ratingRoot);
  });
  alert.append(text, retry);
  place.replaceChildren(alert);
}
