/**
 * "More in {subject}" (decision 037): the contents carrying a content's subject, scored by the tags they
 * share with it, each tag weighted by its rarity (idf = ln(N / carriers)): sharing a rare technology says
 * more than sharing "Course". Ties go to the better rated. Read off the in-memory facet table: a tag
 * combination's score is worked out once, so a row costs three lookups (about a millisecond at 100k).
 */
import { TAG_KINDS, type TagKind } from '../taxonomy.ts';
import type { FacetTable } from './facet-types.ts';
import { FACET_INDEX, STRIDE } from './facet-kinds.ts';

/** The seqs of the contents most like `seq` among those carrying `subject` (a category value), best first. */
export function moreInSubject(
  table: FacetTable,
  seq: number,
  subject: string,
  limit: number,
  excluded: ReadonlySet<number> = new Set(),
): number[] {
  const own = seq < table.rowOfSeq.length ? table.rowOfSeq[seq]! : -1;
  const subjectTag = table.tags.category.indexOfValue.get(subject);
  if (own < 0 || subjectTag === undefined || table.size < 2) return [];
  const inSubject = new Set(table.tags.category.combosOfTag[subjectTag] ?? []);
  const scorers = TAG_KINDS.map((kind) => comboScorer(table, kind, own));
  const best: Array<{ row: number; score: number }> = [];
  for (let i = 0; i < table.size; i++) {
    if (i === own || excluded.has(table.seq[i]!) || !inSubject.has(table.codes[i * STRIDE + FACET_INDEX.category]!))
      continue;
    let score = 0;
    for (const scorer of scorers) score += scorer(i);
    if (best.length === limit && !isBetter(table, i, score, best.at(-1)!)) continue;
    let at = best.length;
    while (at > 0 && isBetter(table, i, score, best[at - 1]!)) at--;
    best.splice(at, 0, { row: i, score });
    if (best.length > limit) best.pop();
  }
  return best.map(({ row }) => table.seq[row]!);
}

/** Higher score, then higher rating, more reviews, the older seq: a stable order for equal scores. */
function isBetter(table: FacetTable, row: number, score: number, than: { row: number; score: number }): boolean {
  if (score !== than.score) return score > than.score;
  if (table.rating[row] !== table.rating[than.row]) return table.rating[row]! > table.rating[than.row]!;
  if (table.numReviews[row] !== table.numReviews[than.row]) return table.numReviews[row]! > table.numReviews[than.row]!;
  return table.seq[row]! < table.seq[than.row]!;
}

/** A row's score in one kind of tag: the rarity weights of the tags its combination shares with the content's. */
function comboScorer(table: FacetTable, kind: TagKind, own: number): (row: number) => number {
  const index = table.tags[kind];
  const f = FACET_INDEX[kind];
  const weights = new Map<number, number>();
  for (const tag of index.combos[table.codes[own * STRIDE + f]!]!)
    weights.set(tag, Math.log(table.size / Math.max(1, index.carriers[tag]!)));
  const scores = new Map<number, number>();
  return (row) => {
    const combo = table.codes[row * STRIDE + f]!;
    let score = scores.get(combo);
    if (score === undefined) {
      score = 0;
      for (const tag of index.combos[combo]!) score += weights.get(tag) ?? 0;
      scores.set(combo, score);
    }
    return score;
  };
}
