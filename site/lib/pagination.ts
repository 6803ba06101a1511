/** Which page links a pager shows. Imports nothing (browser-safe). */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The first and last page, the current one with `around` neighbours on each side, and a gap where pages are
 * left out. A gap never hides a single page: 1 … 3 would be no shorter than 1 2 3, so 2 is shown instead.
 */
export function pagerItems(page: number, pages: number, around = 1): PagerItem[] {
  if (pages <= 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const shown = new Set<number>([1, pages]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
}

/** A pager item drawn at some widths only: `wide` from sm up, `narrow` below it. */
export type SizedPagerItem = PagerItem & { only?: 'narrow' | 'wide' };

/**
 * The pager for every width at once: from sm up the current page's neighbours too (as `pagerItems`), below it
 * without them, so that a phone's row of 44 px buttons (WCAG 2.5.5's touch targets) fits: at most seven with
 * the arrows. The neighbours are marked `wide`, and a gap that stands for them on a phone `narrow`.
 */
export function sizedPagerItems(page: number, pages: number): SizedPagerItem[] {
  const narrow = new Set(pagerItems(page, pages, 0).flatMap((item) => (item.kind === 'page' ? [item.page] : [])));
  const items: SizedPagerItem[] = [];
  let lastNarrow = 0;
  let gapSinceLastNarrow = false;
  for (const item of pagerItems(page, pages, 1)) {
    if (item.kind === 'gap') {
      items.push(item);
      gapSinceLastNarrow = true;
    } else if (narrow.has(item.page)) {
      if (lastNarrow > 0 && item.page - lastNarrow > 1 && !gapSinceLastNarrow)
        items.push({ kind: 'gap', key: `narrow-gap-${lastNarrow}`, only: 'narrow' });
      items.push(item);
      lastNarrow = item.page;
      gapSinceLastNarrow = false;
    } else {
      items.push({ ...item, only: 'wide' });
    }
  }
  return items;
}
