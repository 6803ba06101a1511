/** The shapes of the in-memory facet table (db/catalog/search/facet-table.ts) and of what is asked of it. */
import type { FACETS, FacetTableColumn } from '../facets.ts';
import type { TagKind } from '../taxonomy.ts';
import type { Order } from '../validation/search.ts';

/** One kind of tag over the table's rows: a row's code in the tag's facet is its combination (0: none). */
export interface TagIndex {
  /** Tag index → its value. */
  values: string[];
  indexOfValue: Map<string, number>;
  /** Combination → the tag indexes it holds. */
  combos: Int32Array[];
  comboOfKey: Map<string, number>;
  /** Tag index → the combinations that hold it (what a filter on the tag passes). */
  combosOfTag: number[][];
  /** Tag index → how many rows carry it: a tag no row carries any more is not offered. */
  carriers: number[];
}

/** An 'open' facet's texts over the table's rows: a row's code is its text's index + 1 (0: none). */
export interface OpenIndex {
  values: string[];
  indexOfValue: Map<string, number>;
  /** Text index → how many rows have it: a text no row has any more is not offered. */
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
  rating: Float64Array;
  numReviews: Int32Array;
  createdAt: Float64Array;
  /**
   * Each row's code in each facet, FACETS' order, a row's codes side by side (row i's in facet f at
   * i * FACETS.length + f): its tag combination, its choice, 0 or 1, its step (search/facet-kinds.ts).
   */
  codes: Int32Array;
  tags: Record<TagKind, TagIndex>;
  /** Each 'open' facet's texts, by its key. */
  open: Record<string, OpenIndex>;
  /** The rows in each order, made when first asked for. */
  orders: Partial<Record<Order, Int32Array>>;
  /** The counts with no filter and no words, made when first asked for. */
  totals?: { facets: FacetCounts; count: number };
  /** A tag set seen before → its combination per kind: most rows share a set with others. */
  combosOfKey: Map<string, Record<TagKind, number>>;
  /**
   * The rows whose codes were written over in place (an update: a review, an edit), each with its codes before
   * and after, and the rows added at the end (an import, a content published), since the epoch began; a row
   * removed, or a tag moved, begins a new epoch. The counts kept per search are patched with them
   * (search/counts.ts).
   */
  edits: { epoch: number; log: RowEdit[] };
}

/** One row's codes written over in place, or a row added (no `before`): what it counted in before, and after. */
export interface RowEdit {
  row: number;
  before?: Int32Array;
  after: Int32Array;
}

type FacetEntry = (typeof FACETS)[number];

/** The active filters, by facet: tag values or choices (any of them passes), 0 or 1, a step. */
export type FacetFilters = {
  [F in FacetEntry as F['key']]?: F extends { kind: 'flag' }
    ? 0 | 1
    : F extends { kind: 'atLeast' }
      ? number
      : string | readonly string[];
};

/** Per facet, option → how many results it would give with the other filters kept ('atLeast': key N, the results at N or above). */
export type FacetCounts = {
  [F in FacetEntry as F['key']]: F extends { kind: 'flag' } ? Record<'true' | 'false', number> : Record<string, number>;
};

/** A content's facet columns, by name (FACET_TABLE_COLUMNS but the seq), as the change feed carries them. */
export type FacetValues = Readonly<Record<Exclude<FacetTableColumn, 'seq'>, unknown>>;

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
  /**
   * The seqs of the matches a review could lift into the ranked page, ascending, when the ranking told them
   * (decision 058): any other stays below the page, whatever its reviews.
   */
  contenders?: Int32Array;
}
