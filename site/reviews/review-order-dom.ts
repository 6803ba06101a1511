/**
 * The content page's review order for a visitor, without React: the server's list (site/reviews/
 * ReviewList.tsx) carries each review's helpful count, stars and date as data attributes, and its order
 * control, invisible until this runs, moves the items in place with the same comparison as the island.
 */
import { compareReviews, isReviewOrder, type Orderable } from './review-order.ts';

const orderable = (item: HTMLElement): Orderable => ({
  helpful: Number(item.dataset.helpful ?? 0),
  rating: Number(item.dataset.rating ?? 0),
  createdAt: item.dataset.created ?? '',
});

export function orderReviewElements(root: HTMLElement): void {
  const control = root.querySelector<HTMLElement>('[data-review-order-control]');
  const select = control?.querySelector<HTMLSelectElement>('[data-review-order]');
  const list = root.querySelector<HTMLElement>('[data-reviews]');
  if (!control || !select || !list) return;
  control.classList.remove('invisible');
  select.addEventListener('change', () => {
    if (!isReviewOrder(select.value)) return;
    const compare = compareReviews[select.value];
    const items = [...list.querySelectorAll<HTMLElement>(':scope > [data-review]')];
    items.sort((a, b) => compare(orderable(a), orderable(b)));
    list.append(...items);
  });
}
