/** One page of results in the chosen order, from the facet table (and the full-text matches when there are words). */
import type { Order } from '../validation/search.ts';
import type { FacetFilters, FacetTable, Matches } from './facet-types.ts';
import { COMPARE } from './orders.ts';
import { compile, passing } from './filters.ts';

export function orderedRows(table: FacetTable, order: Order): Int32Array {
  let rows = table.orders[order];
  if (!rows) {
    rows = Int32Array.from({ length: table.size }, (_, i) => i).sort((a, b) => COMPARE[order](table, a, b));
    table.orders[order] = rows;
  }
  return rows;
}

/**
 * The first `k` of 0…n-1 in the order `compare` gives, sorted: a bounded heap holding the k best so far, so
 * a first page out of 20,000 ranked matches costs n·log k comparisons, not a sort of all of them.
 */
function firstInOrder(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  if (k >= n / 4)
    return Array.from({ length: n }, (_, i) => i)
      .sort(compare)
      .slice(0, k);
  const heap = heapOfFirst(Math.min(n, k), compare);
  if (k > 0) keepBest(heap, n, compare);
  return heap.sort(compare);
}

/**
 * A max-heap of 0…k-1 in the order `compare` gives: its root is the worst of them, the one a better newcomer
 * replaces.
 */
function heapOfFirst(k: number, compare: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  for (let i = 0; i < k; i++) {
    heap.push(i);
    for (let c = heap.length - 1; c > 0; c = (c - 1) >> 1) {
      const parent = (c - 1) >> 1;
      if (compare(heap[c]!, heap[parent]!) <= 0) break;
      [heap[c], heap[parent]] = [heap[parent]!, heap[c]!];
    }
  }
  return heap;
}

/** Offers the heap each of heap.length…n-1 in turn: one better than its root replaces it, sifted down to its place. */
function keepBest(heap: number[], n: number, compare: (a: number, b: number) => number): void {
  const k = heap.length;
  const worse = (a: number, b: number) => compare(heap[a]!, heap[b]!) > 0;
  for (let i = k; i < n; i++) {
    if (compare(i, heap[0]!) >= 0) continue;
    heap[0] = i;
    for (let c = 0; ; ) {
      const l = 2 * c + 1;
      const r = l + 1;
      let top = c;
      if (l < k && worse(l, top)) top = l;
      if (r < k && worse(r, top)) top = r;
      if (top === c) break;
      [heap[c], heap[top]] = [heap[top]!, heap[c]!];
      c = top;
    }
  }
}

/**
 * The rows of one page of results, in order: every row passing the filters (among the full-text matches
 * when there are words), sorted by `order`, skipping `offset`. 'relevance' is the bm25 rank of the matches,
 * which must then have been ranked with the same filters (see matchingRows).
 */
export function pageRows(
  table: FacetTable,
  filters: FacetFilters,
  order: Order | 'relevance',
  offset: number,
  limit: number,
  matches?: Matches,
): number[] {
  if (matches && order === 'relevance') {
    const { ranked, rank } = matches;
    const best = firstInOrder(
      ranked.length,
      offset + limit,
      (a, b) => rank[a]! - rank[b]! || COMPARE.latest(table, ranked[a]!, ranked[b]!),
    );
    return best.slice(offset).map((k) => ranked[k]!);
  }
  const passes = passing(table, compile(table, filters));
  let matched: Uint8Array | undefined;
  if (matches) {
    matched = new Uint8Array(table.size);
    for (const i of matches.rows) matched[i] = 1;
  }
  const page: number[] = [];
  let skipped = 0;
  for (const i of orderedRows(table, order === 'relevance' ? 'latest' : order)) {
    if ((matched && !matched[i]) || !passes(i)) continue;
    if (skipped < offset) skipped++;
    else if (page.push(i) === limit) break;
  }
  return page;
}
