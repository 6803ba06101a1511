/**
 * Best Match's first pass (best-match.ts): every content holding a core word of the query, the core words it
 * holds, a bound on its text score and where the query's postings first touch it, marked per seq in arrays
 * kept between searches. Cheap per posting, but a broad word at a million contents is a million postings: the
 * build's postings are marked in chunks of the catalog, which the search's helper thread takes its share of
 * (search-helper.ts). The marks of one content come from its own postings only, in the same order whichever
 * thread marks it, so they are the same doubles either way.
 */
import { BS, K1, WEIGHTS } from './field-weights.ts';
import { inChunks, CHUNKS } from './search-helper.ts';
import { shared } from './shared-arrays.ts';
import { FIELD_COUNT, type TextIndex } from './text-index.ts';

/** What the first pass reads of the word index: the index itself, or the helper thread's view of its arrays. */
export interface PostingLists {
  readonly postingDocs: Int32Array;
  readonly postingCounts: Uint8Array;
  readonly fieldLengths: Uint16Array;
  readonly seqOf: Int32Array;
  readonly averageLength: readonly number[];
  /** Per seq of the build, 1 when written since (its build postings are skipped); how many are. */
  readonly replacedSeqs: Uint8Array;
  readonly replacedCount: number;
  postingRange(id: number, f: number): [number, number];
}

/**
 * The first pass's marks by seq, kept between searches, over shared memory (the helper thread marks its
 * chunks in them).
 */
export interface Marks {
  /** Per seq: bit i set when it holds core word i, a bound on its text score. */
  held: Uint32Array;
  bound: Float64Array;
  /** Per seq: 1 once entered, and where the query's postings, read in its words' order, first touch it. */
  inAny: Uint8Array;
  firstTouch: Float64Array;
  /** A bit per seq, set once touched: the first pass's contents, read back in the seqs' order. */
  touchedBits: Uint32Array;
}

/** Marks for seqs below `size`, all clear. */
export function newMarks(size: number): Marks {
  return {
    held: shared(Uint32Array, size),
    bound: shared(Float64Array, size),
    inAny: shared(Uint8Array, size),
    firstTouch: shared(Float64Array, size),
    touchedBits: shared(Uint32Array, (size >> 5) + 1),
  };
}

/** What the first pass marks with one form of a word: its bit, its idf, where its postings' touches start. */
export interface MarkStep {
  term: string;
  id: number | undefined;
  bit: number;
  idf: number;
  /** How much a match of this form counts (a stem's, a prefix's, a typo's: less than the word as typed). */
  weight: number;
  /** Whether it enters the contents it touches first (else it only marks those already entered). */
  enters: boolean;
  firstTouch: number;
}

/**
 * Marks a content as touched by a word's form `at` a place among the query's postings, with the word's
 * bit; answers 1 when it entered it. A content not entered yet is entered only by a step that `enters`.
 */
function touch(s: Marks, seq: number, bit: number, at: number, enters: boolean): number {
  if (s.inAny[seq]) {
    s.held[seq]! |= bit;
    if (at < s.firstTouch[seq]!) s.firstTouch[seq] = at;
    return 0;
  }
  if (!enters) return 0;
  s.inAny[seq] = 1;
  s.firstTouch[seq] = at;
  s.held[seq] = bit;
  s.touchedBits[seq >> 5]! |= 1 << (seq & 31);
  return 1;
}

/**
 * Marks one content written since the build as touched by a word (`touch`); answers 1 when it entered it. Its
 * counts are not the build's, so no bound holds it: it is always scored.
 */
function markOne(s: Marks, seq: number, bit: number, at: number, enters: boolean): number {
  const entered = touch(s, seq, bit, at, enters);
  if (s.inAny[seq]) s.bound[seq] = Number.POSITIVE_INFINITY;
  return entered;
}

/** What a posting alone would score, its constants taken out: scale·tf / (tf + fixed + perWord·length). */
function aloneScore(lists: PostingLists, f: number, idf: number): { scale: number; fixed: number; perWord: number } {
  // idf · w · tf(k1 + 1) / (tf + k1(1 − b + b·len/avg)), as scoreWord has it.
  return {
    scale: idf * WEIGHTS[f]! * (K1 + 1),
    fixed: K1 * (1 - BS[f]!),
    perWord: (K1 * BS[f]!) / lists.averageLength[f]!,
  };
}

/**
 * Marks the build's postings `from` to `to` of a core word's form in field `f`, entering the contents they
 * touch first, each adding to its content's bound what that posting alone would score (times the word's idf,
 * its count weighted as the form counts). A word's field score grows with its weighted count, is concave in it
 * and is 0 at 0, so the sum of what each of its forms' postings scores alone is never below it. The k-th posting touches its content at `atFrom` + k: core words
 * are marked in the query's order, so the first to enter a content touches it first among them. Answers how
 * many it entered (a hot loop: plain locals).
 */
function markEntering(
  s: Marks,
  lists: PostingLists,
  f: number,
  step: MarkStep,
  from: number,
  to: number,
  atFrom: number,
): number {
  const { postingDocs: docs, postingCounts: counts, fieldLengths: lengths, seqOf, replacedSeqs: replaced } = lists;
  const skip = lists.replacedCount > 0;
  const { inAny, held, bound, touchedBits } = s;
  const touchedAt = s.firstTouch;
  const { bit, weight } = step;
  const { scale, fixed, perWord } = aloneScore(lists, f, step.idf);
  let entered = 0;
  for (let k = from; k < to; k++) {
    const position = docs[k]!;
    const seq = seqOf[position]!;
    if (skip && replaced[seq]) continue;
    const tf = weight * counts[k]!;
    const alone = (scale * tf) / (tf + fixed + perWord * lengths[position * FIELD_COUNT + f]!);
    if (inAny[seq]) {
      held[seq]! |= bit;
      bound[seq]! += alone;
    } else {
      inAny[seq] = 1;
      held[seq] = bit;
      bound[seq] = alone;
      touchedAt[seq] = atFrom + k;
      touchedBits[seq >> 5]! |= 1 << (seq & 31);
      entered++;
    }
  }
  return entered;
}

/**
 * Marks the build's postings `from` to `to` of another word's form in field `f` on the contents entered only:
 * their bounds, and where it touches them first when before the core words did (a hot loop: plain locals).
 */
function markEntered(
  s: Marks,
  lists: PostingLists,
  f: number,
  step: MarkStep,
  from: number,
  to: number,
  atFrom: number,
): void {
  const { postingDocs: docs, postingCounts: counts, fieldLengths: lengths, seqOf, replacedSeqs: replaced } = lists;
  const skip = lists.replacedCount > 0;
  const { inAny, held, bound } = s;
  const touchedAt = s.firstTouch;
  const { bit, weight } = step;
  const { scale, fixed, perWord } = aloneScore(lists, f, step.idf);
  for (let k = from; k < to; k++) {
    const position = docs[k]!;
    const seq = seqOf[position]!;
    if (!inAny[seq] || (skip && replaced[seq])) continue;
    const tf = weight * counts[k]!;
    held[seq]! |= bit;
    bound[seq]! += (scale * tf) / (tf + fixed + perWord * lengths[position * FIELD_COUNT + f]!);
    if (atFrom + k < touchedAt[seq]!) touchedAt[seq] = atFrom + k;
  }
}

/**
 * The first pass: every content holding a core word in `fields` (a bit set in `s.touchedBits`), with the core
 * words it holds in `s.held` (bit i: core word i), a bound on its text score in `s.bound`, and where the
 * query's postings first touch it in `s.firstTouch`; answers how many. Cheap: one mark per posting, no score.
 *
 * A match holds at least one core word (`required`), so the core words' postings are marked first and enter
 * what they touch; the other words' (a filter's: 'course', 'free') then only add to what is entered, rather
 * than entering every content they touch, most of them no match. Where a posting touches a content is its
 * place among every posting of the query read in its words' order (each form's fields, then the contents
 * written since the build): the first touch orders equal scores (bestOfTier) as the words' order would.
 *
 * The build's postings are marked a chunk of the catalog at a time (by either thread when they are many),
 * then those of the contents written since: a content is marked by its build postings or by its own entry,
 * never both, so the order between the two leaves every mark as the words' order gives it.
 */
export function markWords(s: Marks, index: TextIndex, steps: readonly MarkStep[], fields: readonly number[]): number {
  let entered: number;
  if (postingsOf(index, steps, fields) < MARKED_IN_CHUNKS.from)
    entered = markBuild(s, index, steps, fields, 0, index.size);
  else {
    const bounds = chunkBounds(index);
    const job: MarkJob = { kind: 'mark', lists: sharedListsOf(index), marks: s, steps, fields, bounds };
    const run = (chunk: number) => markBuild(s, index, steps, fields, bounds[chunk]!, bounds[chunk + 1]!);
    entered = inChunks(job, index.size, run).total;
  }
  return entered + markWritten(s, index, steps, fields);
}

/** A first pass is marked in chunks from this many build postings (below, it is a few milliseconds). */
export const MARKED_IN_CHUNKS = { from: 200_000 };

/** The first pass as the helper thread marks its chunks of it (search-helper-worker.ts). */
export interface MarkJob {
  kind: 'mark';
  lists: SharedLists;
  marks: Marks;
  steps: readonly MarkStep[];
  fields: readonly number[];
  bounds: Int32Array;
}

/** The build postings the steps read. */
function postingsOf(index: TextIndex, steps: readonly MarkStep[], fields: readonly number[]): number {
  let n = 0;
  for (const step of steps)
    if (step.id !== undefined)
      for (const f of fields) {
        const [from, to] = index.postingRange(step.id, f);
        n += to - from;
      }
  return n;
}

/** One step per form of each word, in the words' order, each with where its postings start touching. */
export function markSteps(
  index: TextIndex,
  words: ReadonlyArray<{ core: boolean; forms: ReadonlyMap<string, number> }>,
  idfs: readonly number[],
  fields: readonly number[],
  required: number,
): MarkStep[] {
  const steps: MarkStep[] = [];
  // 0 marks an untouched content: the first posting touches at 1.
  let at = 1;
  let coreBit = 0;
  for (const [w, word] of words.entries()) {
    const bit = word.core ? 1 << coreBit++ : 0;
    for (const [term, weight] of word.forms) {
      const id = index.termId(term);
      steps.push({ term, id, bit, idf: idfs[w]!, weight, enters: word.core || required === 0, firstTouch: at });
      if (id !== undefined)
        for (const f of fields) {
          const [from, to] = index.postingRange(id, f);
          at += to - from;
        }
      at += index.replaced.size * FIELD_COUNT;
    }
  }
  return steps;
}

/**
 * Marks the build's postings of every step held by the contents at build positions `lo` to `hi`, the
 * entering steps first; answers how many contents it entered.
 */
export function markBuild(
  s: Marks,
  lists: PostingLists,
  steps: readonly MarkStep[],
  fields: readonly number[],
  lo: number,
  hi: number,
): number {
  const docs = lists.postingDocs;
  let entered = 0;
  for (const enters of [true, false])
    for (const step of steps) {
      if (step.enters !== enters || step.id === undefined) continue;
      let at = step.firstTouch;
      for (const f of fields) {
        const [from, to] = lists.postingRange(step.id, f);
        const first = firstAtLeast(docs, from, to, lo);
        const last = firstAtLeast(docs, first, to, hi);
        if (enters) entered += markEntering(s, lists, f, step, first, last, at - from);
        else markEntered(s, lists, f, step, first, last, at - from);
        at += to - from;
      }
    }
  return entered;
}

/** Marks the contents written since the build, the entering steps first; answers how many it entered. */
function markWritten(s: Marks, index: TextIndex, steps: readonly MarkStep[], fields: readonly number[]): number {
  if (index.replaced.size === 0) return 0;
  let entered = 0;
  for (const enters of [true, false])
    for (const step of steps) {
      if (step.enters !== enters) continue;
      // The build's postings of the step come first among its touches, then these.
      let at = step.firstTouch;
      if (step.id !== undefined)
        for (const f of fields) {
          const [from, to] = index.postingRange(step.id, f);
          at += to - from;
        }
      index.forEachReplaced(step.term, (seq, field) => {
        if (fields.includes(field)) entered += markOne(s, seq, step.bit, at++, step.enters);
      });
    }
  return entered;
}

/**
 * The build positions that cut the catalog in CHUNKS chunks (CHUNKS + 1 of them, from 0 to the index's size),
 * each cut where the seqs change 32-seq word of `touchedBits`, so that no two chunks write the same word.
 */
const boundsOfIndex = new WeakMap<TextIndex, Int32Array>();
function chunkBounds(index: TextIndex): Int32Array {
  let bounds = boundsOfIndex.get(index);
  if (bounds) return bounds;
  const { seqOf, size } = index;
  bounds = new Int32Array(CHUNKS + 1);
  for (let c = 1; c < CHUNKS; c++) {
    let cut = Math.max(bounds[c - 1]!, Math.floor((size * c) / CHUNKS));
    while (cut > 0 && cut < size && seqOf[cut]! >> 5 === seqOf[cut - 1]! >> 5) cut++;
    bounds[c] = cut;
  }
  bounds[CHUNKS] = size;
  boundsOfIndex.set(index, bounds);
  return bounds;
}

/** The arrays of the index the helper thread reads, over shared memory. */
function sharedListsOf(index: TextIndex) {
  return {
    postingDocs: index.postingDocs,
    postingCounts: index.postingCounts,
    fieldLengths: index.fieldLengths,
    seqOf: index.seqOf,
    averageLength: index.averageLength,
    replacedSeqs: index.replacedSeqs,
    replacedCount: index.replacedCount,
    starts: index.postingStarts,
  };
}
export type SharedLists = ReturnType<typeof sharedListsOf>;

/** The helper thread's view of the index's arrays (PostingLists). */
export function postingListsOf(lists: SharedLists): PostingLists {
  const { starts } = lists;
  return {
    ...lists,
    postingRange: (id, f) => [starts[id * FIELD_COUNT + f]!, starts[id * FIELD_COUNT + f + 1]!],
  };
}

/** The first place in `docs` from `from` (before `to`) holding `target` or more: gallops, then halves. */
export function firstAtLeast(docs: Int32Array, from: number, to: number, target: number): number {
  if (from >= to || docs[from]! >= target) return from;
  let below = from;
  let step = 1;
  while (below + step < to && docs[below + step]! < target) {
    below += step;
    step *= 2;
  }
  let lo = below + 1;
  let hi = Math.min(below + step, to);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (docs[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
