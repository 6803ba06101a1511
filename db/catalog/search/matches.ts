/** Full-text matches mapped onto the facet table's rows, ranked only where a page can show them (decision 012). */
import type { Db } from '../../client.ts';
import { readFtsMatches } from './fast-paths.ts';
import type { FacetFilters, FacetTable, Matches } from './facet-types.ts';
import { seqsPassing } from './filters.ts';

/**
 * Every full-text match, and the rank of those that pass `rankFilters` (all of them when it is empty; none
 * when it is undefined). bm25 is what a match costs: reading every match's rowid is a few milliseconds on
 * 100k contents, ranking every one of them ten times that. So only the rows a relevance page can show are
 * ranked: the filters become a map by seq that the statement reads before asking for a row's rank.
 */
export async function matchingRows(db: Db, table: FacetTable, match: string, rankFilters?: FacetFilters): Promise<Matches> {
  let ranked = 'NULL';
  const args: Array<string | Uint8Array> = [match];
  if (rankFilters && Object.keys(rankFilters).length === 0) ranked = "group_concat(rowid || ' ' || rank)";
  else if (rankFilters) {
    ranked = "group_concat(CASE WHEN substr(?2, rowid + 1, 1) = x'01' THEN rowid || ' ' || rank END)";
    args.push(seqsPassing(table, rankFilters));
  }
  const row = await readFtsMatches(db, ranked, args);
  const found = rowsOfSeqs(table, row.found);
  const rankedRows: number[] = [];
  const ranks: number[] = [];
  // 'seq rank,seq rank…'; a rank is a real, which may hold a comma-free exponent ('1.5e-06').
  const text = row.ranked;
  for (let start = 0; start < text.length; ) {
    const space = text.indexOf(' ', start);
    let end = text.indexOf(',', space);
    if (end < 0) end = text.length;
    const row = table.rowOfSeq[Number(text.slice(start, space))] ?? -1;
    if (row >= 0) {
      rankedRows.push(row);
      ranks.push(Number(text.slice(space + 1, end)));
    }
    start = end + 1;
  }
  return { rows: found, ranked: Int32Array.from(rankedRows), rank: Float64Array.from(ranks) };
}

/** The table rows of a list of seqs ('12,7,40'), read digit by digit (no string per number). */
function rowsOfSeqs(table: FacetTable, text: string): Int32Array {
  const out = new Int32Array(text.length ? text.length / 2 + 1 : 0);
  let n = 0;
  let seq = -1;
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 44;
    if (c >= 48 && c <= 57) seq = (seq < 0 ? 0 : seq * 10) + (c - 48);
    else if (seq >= 0) {
      // A content added after the snapshot is not in the table: the next version's table will have it.
      const row = table.rowOfSeq[seq] ?? -1;
      if (row >= 0) out[n++] = row;
      seq = -1;
    }
  }
  return out.subarray(0, n);
}
