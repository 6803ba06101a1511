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
