import { describe, expect, it } from 'vitest';
import { pagerItems, sizedPagerItems, type PagerItem } from './pagination.ts';

const show = (items: PagerItem[]) => items.map((item) => (item.kind === 'gap' ? '…' : String(item.page))).join(' ');

describe('pagerItems', () => {
  it('shows nothing for a single page', () => {
    expect(pagerItems(1, 1)).toEqual([]);
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it('shows every page when there are few', () => {
    expect(show(pagerItems(1, 3))).toBe('1 2 3');
    expect(show(pagerItems(3, 5))).toBe('1 2 3 4 5');
  });

  it('keeps first and last with gaps around the current page', () => {
    expect(show(pagerItems(1, 15))).toBe('1 2 … 15');
    expect(show(pagerItems(8, 15))).toBe('1 … 7 8 9 … 15');
    expect(show(pagerItems(15, 15))).toBe('1 … 14 15');
  });

  it('never hides a single page behind a gap', () => {
    expect(show(pagerItems(4, 15))).toBe('1 2 3 4 5 … 15');
    expect(show(pagerItems(12, 15))).toBe('1 … 11 12 13 14 15');
  });

  it('clamps a current page outside the range', () => {
    expect(show(pagerItems(99, 15))).toBe('1 … 14 15');
    expect(show(pagerItems(0, 15))).toBe('1 2 … 15');
  });

  it('gives every gap its own key', () => {
    const keys = pagerItems(8, 15).flatMap((item) => (item.kind === 'gap' ? [item.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});

describe('sizedPagerItems', () => {
  const at = (items: ReturnType<typeof sizedPagerItems>, width: 'narrow' | 'wide') =>
    show(items.filter((item) => item.only === undefined || item.only === width));

  it('shows the neighbours from sm up, as pagerItems does, and leaves them out on a phone', () => {
    for (const [page, pages] of [
      [1, 15],
      [3, 15],
      [4, 15],
      [8, 15],
      [12, 15],
      [15, 15],
      [2, 3],
    ] as const) {
      const items = sizedPagerItems(page, pages);
      expect(at(items, 'wide'), `${page} of ${pages}`).toBe(show(pagerItems(page, pages, 1)));
      expect(at(items, 'narrow'), `${page} of ${pages}`).toBe(show(pagerItems(page, pages, 0)));
    }
  });

  it('never shows a phone more than five pages and gaps (seven buttons with the arrows)', () => {
    for (let page = 1; page <= 40; page++)
      expect(at(sizedPagerItems(page, 40), 'narrow').split(' ').length).toBeLessThanOrEqual(5);
  });

  it('gives every gap its own key', () => {
    const keys = sizedPagerItems(4, 15).flatMap((item) => (item.kind === 'gap' ? [item.key] : []));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
