/**
 * The catalog's facets and result pages, computed in memory (decisions 007 and 011). The search sidebar
 * counts, for every option of every filter group, the results it would give with the other active filters
 * kept; a page lists the results in the chosen order. Both come from one snapshot of every content's facet
 * columns — cost, certificate, rating, review count, date — and its tags, held in typed arrays.
 *
 * Tags are held as *combinations*: per kind, the rows that carry the same set of tags share one
 * combination id. A row costs one increment per kind however many tags there are, and the options are read
 * off the combinations' tallies at the end; a tag filter is a precomputed "this combination holds the tag"
 * flag. So the number of tags per kind is unbounded (bit masks stopped at 32).
 *
 * The snapshot is read with the catalog version it belongs to, and replaced when `meta.catalog_version`
 * moves (any change to contents, their tags or reviews, made by any process); the requests that arrive
 * during a rebuild share it.
 */
import type { Db } from '../../client.ts';
import { COSTS } from '../taxonomy.ts';
import type { Order } from '../validation/search.ts';
import { readFacetRows } from './fast-paths.ts';
import { catalogVersion } from './version.ts';

export const TAG_GROUPS = ['category', 'techStack', 'type'] as const;
export type TagGroup = (typeof TAG_GROUPS)[number];

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
}

export interface FacetTable {
  version: number;
  size: number;
  /** Row index of each content's seq (the FTS rowid), -1 where none. */
  rowOfSeq: Int32Array;
  seq: Int32Array;
  /** Index into COSTS; 255 for a cost outside the list. */
  cost: Uint8Array;
  hasCert: Uint8Array;
  rating: Float64Array;
  numReviews: Int32Array;
  createdAt: Float64Array;
  tags: Record<TagGroup, TagIndex>;
  /** The rows in each order, made when first asked for. */
  orders: Partial<Record<Order, Int32Array>>;
  /** The counts with no filter and no words, made when first asked for. */
  totals?: { facets: FacetCounts; count: number };
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
}

const tables = new WeakMap<Db, { version: number; table: Promise<FacetTable> }>();

/** The table for the catalog as it is now (one indexed read when it is current). */
export async function facetTable(db: Db): Promise<FacetTable> {
  const version = await catalogVersion(db);
  const held = tables.get(db);
  if (held && held.version === version) return held.table;
  const table = loadFacetTable(db);
  tables.set(db, { version, table });
  table.catch(() => tables.delete(db));
  return table;
}

async function loadFacetTable(db: Db): Promise<FacetTable> {
  const head = await readFacetRows(db);
  const data = head.rows;
  const size = data.length;
  const table: FacetTable = {
    version: Number(head.version),
    size,
    rowOfSeq: new Int32Array(head.top + 1).fill(-1),
    seq: new Int32Array(size),
    cost: new Uint8Array(size),
    hasCert: new Uint8Array(size),
    rating: new Float64Array(size),
    numReviews: new Int32Array(size),
    createdAt: new Float64Array(size),
    tags: { category: emptyTagIndex(size), techStack: emptyTagIndex(size), type: emptyTagIndex(size) },
    orders: {},
  };
  const costIndex = new Map<string, number>(COSTS.map((cost, i) => [cost, i]));
  // A tag set seen before has its combination per kind already: most rows share a set with others.
  const combosOfKey = new Map<string, Record<TagGroup, number>>();
  const comboOf = (kind: TagGroup, values: string[]): number => {
    const index = table.tags[kind];
    const tagIndexes = values.map((value) => {
      let j = index.indexOfValue.get(value);
      if (j === undefined) {
        j = index.values.push(value) - 1;
        index.indexOfValue.set(value, j);
      }
      return j;
    });
    const key = tagIndexes.sort((a, b) => a - b).join(',');
    let combo = index.comboOfKey.get(key);
    if (combo === undefined) {
      combo = index.combos.push(Int32Array.from(tagIndexes)) - 1;
      index.comboOfKey.set(key, combo);
      for (const j of tagIndexes) (index.combosOfTag[j] ??= []).push(combo);
    }
    return combo;
  };
  data.forEach(([seq, cost, hasCert, rating, numReviews, createdAt, tagKey], i) => {
    table.rowOfSeq[seq] = i;
    table.seq[i] = seq;
    table.cost[i] = costIndex.get(cost) ?? 255;
    table.hasCert[i] = hasCert ? 1 : 0;
    table.rating[i] = rating;
    table.numReviews[i] = numReviews;
    table.createdAt[i] = createdAt;
    if (!tagKey) return;
    let combos = combosOfKey.get(tagKey);
    if (!combos) {
      combos = { category: 0, techStack: 0, type: 0 };
      for (const part of tagKey.split(';')) {
        const [kind, values] = part.split('=') as [TagGroup, string];
        if (kind in combos) combos[kind] = comboOf(kind, values.split(','));
      }
      combosOfKey.set(tagKey, combos);
    }
    table.tags.category.comboOfRow[i] = combos.category;
    table.tags.techStack.comboOfRow[i] = combos.techStack;
    table.tags.type.comboOfRow[i] = combos.type;
  });
  return table;
}

const emptyTagIndex = (size: number): TagIndex => ({
  values: [],
  indexOfValue: new Map(),
  comboOfRow: new Int32Array(size),
  combos: [new Int32Array(0)],
  comboOfKey: new Map([['', 0]]),
  combosOfTag: [],
});
