/** The shapes of the in-memory facet table (db/catalog/search/facet-table.ts) and of what is asked of it. */
import type { TagKind } from '../taxonomy.ts';
import type { Order } from '../validation/search.ts';

/** One kind of tag over the table's rows. */
export interface TagIndex {
  /** Tag index → its value. */
  values: string[];
  indexOfValue: Map<string, number>;
  /** Row → its combination (0: no tag of this kind). */
  comboOfRow: Int32Array;
  /** Combination → the tag indexes it holds. */
  combos: Int32Array[];
  comboOfKey: Map<string, number>;
  /** Tag index → the combinations that hold it (what a filter on the tag passes). */
  combosOfTag: number[][];
  /** Tag index → how many rows carry it: a tag no row carries any more is not offered. */
  carriers: number[];
}

export interface FacetTable {
  version: number;
  size: number;
  /** Rows the arrays have room for (inserts append until it is reached, then the arrays grow). */
  capacity: number;
  /** Row index of each content's seq (the FTS rowid), -1 where none. */
  rowOfSeq: Int32Array;
  /** Bumped whenever a content gains or loses its row (rowOfSeq changes): matches mapped before are mapped again. */
  layout: number;
  seq: Int32Array;
  /** Index into COSTS; 255 for a cost outside the list. */
  cost: Uint8Array;
  hasCert: Uint8Array;
  rating: Float64Array;
  numReviews: Int32Array;
  createdAt: Float64Array;
  tags: Record<TagKind, TagIndex>;
  /** The rows in each order, made when first asked for. */
  orders: Partial<Record<Order, Int32Array>>;
  /** The counts with no filter and no words, made when first asked for. */
  totals?: { facets: FacetCounts; count: number };
  /** A tag set seen before → its combination per kind: most rows share a set with others. */
  combosOfKey: Map<string, Record<TagKind, number>>;
}

/** The active filters: a tag value per group, a cost, a certificate value, a minimum rating. */
export interface FacetFilters {
  category?: string;
  techStack?: string;
  type?: string;
  cost?: string;
  hasCert?: 0 | 1;
  rating?: number;
}

export interface FacetCounts {
  category: Record<string, number>;
  techStack: Record<string, number>;
  type: Record<string, number>;
  cost: Record<string, number>;
  hasCert: Record<'true' | 'false', number>;
  /** Key N: results whose average is at or above N. */
  rating: Record<string, number>;
}

/**
 * Full-text matches, in no particular order: every matching row (what the counts need), and the bm25 rank
 * (lower is better) of the rows asked for (what a page in relevance order needs).
 */
export interface Matches {
  rows: Int32Array;
  ranked: Int32Array;
  rank: Float64Array;
  /** Every matching content's seq, ascending: what a list's dependencies test a change against. */
  seqs: Int32Array;
}
