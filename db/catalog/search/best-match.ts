/**
 * Best Match (decision 040): which contents a search's words find, and in what order.
 *
 * - Matching: a query no longer needs every word. Stopwords are not words to match; words that name a kind,
 *   level, cost or certificate (FACET_ONLY_WORDS) rank what they name but are not missed. Of the other words a
 *   content must hold at least half (all of one or two), and contents holding more of them come first.
 * - Word forms: a word matches its exact form, its stem's other forms a little less ('networks' finds
 *   'networking'), a word the catalog does not hold its closest spellings ('pyhton' → python, kept as the
 *   correction shown), and, while the last word is being typed or when nothing else fits it, the words it begins.
 * - Fields: BM25 in each field (name, tags, description), saturated per field, then weighted and summed.
 * - Quality and kind: a resource whose link is broken comes last; the weighted rating (decision 030's prior)
 *   nudges the order; a resource that is only a forum, a podcast, a news feed or a webinar ranks below
 *   courses, books and tutorials unless the query asks for that kind; a filter the query names (free,
 *   beginner, a certificate, a type) ranks what passes it higher.
 * - A phrase of the query in a content's name, and a name the query spells out, rank first among equals.
 */
import type { FacetFilters, FacetTable, Matches } from './facet-types.ts';
import { compile, passing } from './filters.ts';
import { FIELD_COUNT, FIELDS, type TextIndex } from './text-index.ts';
import { closestTerms } from './typos.ts';
import { FACET_ONLY_WORDS, STOPWORDS, stemOf, wordsOf } from './words.ts';
import { reviewsWeight } from './orders.ts';
import { FACET_INDEX, STRIDE } from './facet-kinds.ts';

/** At most this many words of a query are matched (a pasted paragraph is not ranked word by word). */
export const MAX_QUERY_WORDS = 12;
/** Per field: its weight, and how much its length normalises a count (BM25's b). */
const FIELD_WEIGHT = { name: 3, tags: 2, description: 1 } satisfies Record<(typeof FIELDS)[number], number>;
const FIELD_B = { name: 0.5, tags: 0.3, description: 0.75 } satisfies Record<(typeof FIELDS)[number], number>;
const K1 = 1.2;
const ALL_FIELDS = [0, 1, 2];
/** The name alone: what a suggestion as one types shows. */
export const NAME_ONLY = [0];
/** How much a form other than the word as typed counts. */
const STEM_WEIGHT = 0.85;
const TYPO_WEIGHT = 0.8;
const PREFIX_WEIGHT = 0.6;
const COMPOUND_WEIGHT = 0.6;
/** A word is looked for as the end of a compound from this many letters, after this many of the compound's own. */
const COMPOUND_MIN = 5;
const COMPOUND_MIN_BEFORE = 3;
/** Prefix expansions per word, the most common first. */
const PREFIX_TERMS = 30;
/** Resources of a kind for talk rather than learning, unless asked for (decision 040). */
const TALK_KIND = /forum|discussion|podcast|news|webinar|blog|communit/;
const TALK_FACTOR = 0.6;
const ASKED_KIND_FACTOR = 1.3;
const NAMED_FILTER_FACTOR = 1.3;
/** The contents of the best tier whose names are read for phrases. */
const PHRASE_CANDIDATES = 200;

/** A word of the query: what it matches, and whether a content lacking it misses a word of the query. */
export interface QueryWord {
  typed: string;
  /** A word a content must hold to count as holding the query's words (not a stopword nor a filter's word). */
  core: boolean;
  /** Terms it matches, each with how much a match counts. */
  forms: Map<string, number>;
  /** The spelling it was corrected to, when the catalog does not hold it. */
  correction?: string;
}

export interface QueryAnalysis {
  /** Every word of the query, in order (stopwords too: they rank phrases). */
  all: string[];
  words: QueryWord[];
  /** The query with its corrections, when a word was corrected. */
  correctedTerm?: string;
}

/** The query's words and the forms each matches. `typing`: its last word is still being typed (a prefix). */
export function analyzeQuery(index: TextIndex, query: string, typing: boolean): QueryAnalysis {
  const all = wordsOf(query).slice(0, MAX_QUERY_WORDS);
  const distinct = [...new Set(all)];
  const meaningful = distinct.filter((word) => !STOPWORDS.has(word));
  const chosen = meaningful.length ? meaningful : distinct;
  const topical = chosen.filter((word) => !FACET_ONLY_WORDS.has(word));
  const core = new Set(topical.length ? topical : chosen);
  const words = chosen.map((typed, i): QueryWord => {
    const last = i === chosen.length - 1 && typed === all.at(-1);
    const forms = formsOf(index, typed, typing && last);
    const correction = forms.size === 0 && /\p{L}/u.test(typed) ? addCorrections(index, typed, forms) : undefined;
    return { typed, core: core.has(typed), forms, ...(correction ? { correction } : {}) };
  });
  const corrected = words.filter((word) => word.correction);
  const correctedTerm = corrected.length
    ? all.map((word) => words.find((w) => w.typed === word)?.correction ?? word).join(' ')
    : undefined;
  return { all, words, ...(correctedTerm ? { correctedTerm } : {}) };
}

/**
 * The terms a word matches, each with how much a match counts: the word itself, its stem's other forms, the
 * compounds it ends, and the words it begins when it was cut short (`beingTyped`: it is the last word, still
 * being typed).
 */
function formsOf(index: TextIndex, typed: string, beingTyped: boolean): Map<string, number> {
  const forms = new Map<string, number>();
  if (index.holds(typed)) forms.set(typed, 1);
  for (const term of index.termsSharingStem(typed)) if (!forms.has(term)) forms.set(term, STEM_WEIGHT);
  // Written as the end of a compound ('security' in 'cybersecurity').
  if (typed.length >= COMPOUND_MIN && /^\p{L}+$/u.test(typed)) {
    for (const term of index.termsEndingWith(typed, COMPOUND_MIN_BEFORE, PREFIX_TERMS))
      if (!forms.has(term)) forms.set(term, COMPOUND_WEIGHT);
  }
  // A word the catalog does not hold: the words it begins (it was cut short), else its closest spellings.
  // Cut short: a submitted word of three letters or more; the last word typed from two.
  if ((forms.size === 0 && typed.length >= 3) || (beingTyped && typed.length >= 2)) {
    for (const term of index.termsStartingWith(typed, PREFIX_TERMS))
      if (!forms.has(term)) forms.set(term, PREFIX_WEIGHT);
  }
  return forms;
}

/** Adds the closest spellings of a word the catalog does not hold to its forms; answers the closest, shown as the correction. */
function addCorrections(index: TextIndex, typed: string, forms: Map<string, number>): string | undefined {
  const close = closestTerms(typed, index.typoCandidates(typed));
  for (const term of close) forms.set(term, TYPO_WEIGHT);
  return close[0];
}

/** How many of `n` core words a content must hold: all of one or two, then at least half. */
export const requiredWords = (n: number) => (n <= 2 ? Math.min(n, 1) : Math.ceil(n / 2));

const inverseFrequency = (documents: number, holding: number) =>
  Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));

/** Scratch arrays by seq, kept between searches (a search allocates nothing per content). */
interface Scratch {
  /** Per seq and field: the weighted count of the current word's forms, and the field's length. */
  tf: Float64Array;
  length: Uint16Array;
  /** Per seq: the text score so far, and bit i set when it holds core word i. */
  score: Float64Array;
  held: Uint32Array;
  /** The seqs the current word, and any word, touched: what is read, then cleared. */
  wordSeqs: Int32Array;
  anySeqs: Int32Array;
  inWord: Uint8Array;
  inAny: Uint8Array;
}

let scratch: Scratch | undefined;
function scratchFor(limit: number): Scratch {
  if (!scratch || scratch.score.length < limit) {
    const size = Math.ceil(limit * 1.25) + 16;
    scratch = {
      tf: new Float64Array(size * FIELD_COUNT),
      length: new Uint16Array(size * FIELD_COUNT),
      score: new Float64Array(size),
      held: new Uint32Array(size),
      wordSeqs: new Int32Array(size),
      anySeqs: new Int32Array(size),
      inWord: new Uint8Array(size),
      inAny: new Uint8Array(size),
    };
  }
  return scratch;
}

export interface TextScores {
  /** The seqs holding any word, and for each its score and which core words it holds. */
  seqs: Int32Array;
  score: Float64Array;
  held: Uint32Array;
}

/** Adds one content's weighted count of a word's form in a field; answers the word's contents so far. */
function addPosting(s: Scratch, seq: number, field: number, count: number, length: number, wordCount: number): number {
  let n = wordCount;
  if (!s.inWord[seq]) {
    s.inWord[seq] = 1;
    s.wordSeqs[n++] = seq;
  }
  const at = seq * FIELD_COUNT + field;
  s.tf[at]! += count;
  s.length[at] = length;
  return n;
}

/** Adds the build's postings of term `id` in field `f` (a hot loop: plain locals only). */
function addPostings(s: Scratch, index: TextIndex, id: number, f: number, weight: number, wordCount: number): number {
  const { postingDocs: docs, postingCounts: counts, fieldLengths: lengths, seqOf, replaced } = index;
  const skip = replaced.size > 0;
  const { inWord, wordSeqs, tf, length } = s;
  const [from, to] = index.postingRange(id, f);
  let n = wordCount;
  for (let k = from; k < to; k++) {
    const position = docs[k]!;
    const seq = seqOf[position]!;
    if (skip && replaced.has(seq)) continue;
    if (!inWord[seq]) {
      inWord[seq] = 1;
      wordSeqs[n++] = seq;
    }
    const at = seq * FIELD_COUNT + f;
    tf[at]! += weight * counts[k]!;
    length[at] = lengths[position * FIELD_COUNT + f]!;
  }
  return n;
}

/** Per field, as FIELDS orders them: its weight, and its BM25 b. */
const WEIGHTS = FIELDS.map((field) => FIELD_WEIGHT[field]);
const BS = FIELDS.map((field) => FIELD_B[field]);

/** Each content holding any word in `fields`: its text score and which core words it holds (bit i: core word i). */
export function textScores(
  index: TextIndex,
  words: readonly QueryWord[],
  fields: readonly number[] = ALL_FIELDS,
): TextScores {
  const s = scratchFor(index.seqLimit);
  const documents = Math.max(1, index.size);
  let anyCount = 0;
  let coreBit = 0;
  for (const word of words) {
    const bit = word.core ? 1 << coreBit++ : 0;
    if (word.forms.size === 0) continue;
    let holding = 0;
    for (const [term, weight] of word.forms)
      if (weight === 1 || holding === 0) holding = Math.max(holding, index.documentCount(term));
    const idf = inverseFrequency(documents, Math.max(holding, 1));
    const wordCount = gatherWord(s, index, word, fields);
    anyCount = scoreWord(s, index, wordCount, idf, bit, anyCount);
  }
  return collectScores(s, anyCount);
}

/** Puts each content holding one of the word's forms in `fields` in `s.wordSeqs`, with its weighted counts; answers how many. */
function gatherWord(s: Scratch, index: TextIndex, word: QueryWord, fields: readonly number[]): number {
  let wordCount = 0;
  for (const [term, weight] of word.forms) {
    const id = index.termIds.get(term);
    // The build's postings, read in place (the bulk of any search), then the contents written since.
    for (const f of fields) if (id !== undefined) wordCount = addPostings(s, index, id, f, weight, wordCount);
    index.forEachReplaced(term, (seq, field, count, length) => {
      if (fields.includes(field)) wordCount = addPosting(s, seq, field, weight * count, length, wordCount);
    });
  }
  return wordCount;
}

/**
 * Scores the word's contents gathered (BM25 per field, saturated, weighted, summed, times the word's idf), adds
 * each to its text score and its held bits, clearing the word's scratch; answers how many contents any word has touched.
 */
function scoreWord(
  s: Scratch,
  index: TextIndex,
  wordCount: number,
  idf: number,
  bit: number,
  anyCount: number,
): number {
  let touched = anyCount;
  for (let k = 0; k < wordCount; k++) {
    const seq = s.wordSeqs[k]!;
    s.inWord[seq] = 0;
    let score = 0;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const at = seq * FIELD_COUNT + f;
      const tf = s.tf[at]!;
      if (tf === 0) continue;
      s.tf[at] = 0;
      const norm = 1 - BS[f]! + (BS[f]! * s.length[at]!) / index.averageLength[f]!;
      score += WEIGHTS[f]! * ((tf * (K1 + 1)) / (tf + K1 * norm));
    }
    if (!s.inAny[seq]) {
      s.inAny[seq] = 1;
      s.anySeqs[touched++] = seq;
      s.score[seq] = 0;
      s.held[seq] = 0;
    }
    s.score[seq]! += idf * score;
    s.held[seq]! |= bit;
  }
  return touched;
}

/** The scores of every content a word touched, side by side, the scratch cleared for the next search. */
function collectScores(s: Scratch, anyCount: number): TextScores {
  const seqs = s.anySeqs.slice(0, anyCount);
  const score = new Float64Array(anyCount);
  const held = new Uint32Array(anyCount);
  for (let k = 0; k < anyCount; k++) {
    const seq = seqs[k]!;
    s.inAny[seq] = 0;
    score[k] = s.score[seq]!;
    held[k] = s.held[seq]!;
  }
  return { seqs, score, held };
}

const bitCount = (n: number) => {
  let count = 0;
  for (let v = n; v; v &= v - 1) count++;
  return count;
};

/** Per type combination (the facet table's), 1 when every type it holds is a kind for talk rather than learning. */
const talkCombos = new WeakMap<FacetTable, Uint8Array>();
function talkOnly(table: FacetTable): Uint8Array {
  const { combos, values } = table.tags.type;
  let only = talkCombos.get(table);
  if (!only || only.length < combos.length) {
    only = Uint8Array.from(combos, (combo) =>
      combo.length > 0 && Array.from(combo).every((j) => TALK_KIND.test(values[j]!)) ? 1 : 0,
    );
    talkCombos.set(table, only);
  }
  return only;
}

/** The type values of a talk kind the query names ('python podcast' → podcasts): those rank first, not last. */
function askedKinds(table: FacetTable, analysis: QueryAnalysis): FacetFilters | undefined {
  const stems = new Set(analysis.all.map(stemOf));
  const asked = table.tags.type.values.filter(
    (value) => TALK_KIND.test(value) && value.split('-').some((part) => stems.has(stemOf(part))),
  );
  return asked.length ? { type: asked } : undefined;
}

/** Whether `name`'s words hold `phrase` (two words or more of the query, in order) and how much of it. */
function phraseFactor(nameWords: readonly string[], query: readonly string[]): number {
  if (query.length < 2 || nameWords.length === 0) return 1;
  const name = nameWords.join(' ');
  const whole = query.join(' ');
  if (name === whole) return 2;
  if (name.startsWith(`${whole} `) || name.includes(` ${whole} `) || name.endsWith(` ${whole}`)) return 1.6;
  let longest = 0;
  for (let i = 0; i < query.length; i++) {
    for (let j = i + 2; j <= query.length; j++) {
      const part = query.slice(i, j).join(' ');
      if (` ${name} `.includes(` ${part} `)) longest = Math.max(longest, j - i);
    }
  }
  return longest >= 2 ? 1 + (0.4 * longest) / query.length : 1;
}

export interface BestMatches {
  matches: Matches;
  /** Core words no content of the best tier holds. */
  missingWords: string[];
  correctedTerm?: string;
}

/**
 * The contents the query finds on the table's rows, ranked: `rank` is lower for better (the tier of words
 * held first, then the score). `rankFilters`: the filters a relevance page applies (its rows are the ranked
 * ones); `namedFilters`: the filters the query's words name, which rank what passes them higher.
 */
export function bestMatches(
  index: TextIndex,
  table: FacetTable,
  analysis: QueryAnalysis,
  rankFilters: FacetFilters | undefined,
  namedFilters: readonly FacetFilters[] = [],
  fields: readonly number[] = ALL_FIELDS,
): BestMatches {
  const scored = textScores(index, analysis.words, fields);
  const coreWords = analysis.words.filter((word) => word.core);
  const required = requiredWords(coreWords.length);
  // The contents holding enough words, on the table's rows (a hidden content has none), side by side.
  const total = scored.seqs.length;
  const rows = new Int32Array(total);
  const seqs = new Int32Array(total);
  const tiers = new Uint8Array(total);
  const scores = new Float64Array(total);
  const held = new Uint32Array(total);
  let count = 0;
  for (let k = 0; k < total; k++) {
    const seq = scored.seqs[k]!;
    const row = seq < table.rowOfSeq.length ? table.rowOfSeq[seq]! : -1;
    const tier = bitCount(scored.held[k]!);
    if (row < 0 || tier < required) continue;
    rows[count] = row;
    seqs[count] = seq;
    tiers[count] = tier;
    scores[count] = scored.score[k]!;
    held[count] = scored.held[k]!;
    count++;
  }
  const matchedRows = rows.slice(0, count);
  const matchedSeqs = ascending(seqs.subarray(0, count), index.seqLimit);
  // Only a relevance page ranks, and only what passes its filters: the rest needs no score.
  const compiled = rankFilters ? compile(table, rankFilters) : [];
  const passes = compiled.length ? passing(table, compiled) : () => true;
  const ranking = new Int32Array(rankFilters ? count : 0);
  let r = 0;
  for (let i = 0; rankFilters && i < count; i++) if (passes(rows[i]!)) ranking[r++] = i;
  const ranked = ranking.subarray(0, r);
  weighQualityAndKind(table, analysis, namedFilters, rows, scores, ranked);
  // A phrase in the name: read for the best of the top tier only (of what is ranked, else of every match).
  const pool = rankFilters ? ranked : Int32Array.from({ length: count }, (_, i) => i);
  const best = pool.reduce((top, i) => Math.max(top, tiers[i]!), 0);
  const top = bestOfTier(pool, tiers, scores, best, PHRASE_CANDIDATES);
  let heldByBest = 0;
  for (const i of top) {
    if (rankFilters) scores[i]! *= phraseFactor(index.nameWordsOf(seqs[i]!), analysis.all);
    heldByBest |= held[i]!;
  }
  const missingWords =
    best > 0 ? coreWords.filter((_, bit) => !(heldByBest & (1 << bit))).map((word) => word.typed) : [];
  const rankedRows = new Int32Array(r);
  const rank = new Float64Array(r);
  for (let k = 0; k < r; k++) {
    const i = ranked[k]!;
    rankedRows[k] = rows[i]!;
    // Lower is better: a working link first, then the tier, then the score (each worth more than any after it).
    rank[k] = -((index.broken.has(seqs[i]!) ? 0 : 1e12) + tiers[i]! * 1e9 + scores[i]!);
  }
  return {
    matches: { rows: matchedRows, ranked: rankedRows, rank, seqs: matchedSeqs },
    missingWords,
    ...(analysis.correctedTerm ? { correctedTerm: analysis.correctedTerm } : {}),
  };
}

/**
 * Multiplies each candidate's score by what the catalog knows of it: its reviews move it ±10% around the prior's
 * 4 stars (the weighted rating), its kind, the filters the query names.
 */
function weighQualityAndKind(
  table: FacetTable,
  analysis: QueryAnalysis,
  namedFilters: readonly FacetFilters[],
  rows: Int32Array,
  scores: Float64Array,
  which: Int32Array,
): void {
  const talkCombo = talkOnly(table);
  const { codes, numReviews, rating } = table;
  const typeAt = FACET_INDEX.type;
  const asked = askedKinds(table, analysis);
  const passesAsked = asked ? passing(table, compile(table, asked)) : undefined;
  // Each named filter is one facet's: a flag per code, read straight off the row's codes.
  const named = namedFilters.flatMap((filters) => compile(table, filters));
  for (const i of which) {
    const row = rows[i]!;
    const at = row * STRIDE;
    let factor = reviewsWeight(rating[row]!, numReviews[row]!);
    if (passesAsked?.(row)) factor *= ASKED_KIND_FACTOR;
    else if (talkCombo[codes[at + typeAt]!]) factor *= TALK_FACTOR;
    for (const { f, passes } of named) if (passes[codes[at + f]!]) factor *= NAMED_FILTER_FACTOR;
    scores[i]! *= factor;
  }
}

/** `seqs` in ascending order: many of them by marking each in a map of every seq (linear), few by a sort. */
function ascending(seqs: Int32Array, limit: number): Int32Array {
  if (seqs.length < limit / 32) return seqs.slice().sort();
  const marked = new Uint8Array(limit);
  for (const seq of seqs) marked[seq] = 1;
  const sorted = new Int32Array(seqs.length);
  let n = 0;
  for (let seq = 0; seq < limit; seq++) if (marked[seq]) sorted[n++] = seq;
  return sorted;
}

/** The candidates of `pool` in `tier` with the `limit` best scores (all of them when fewer), found without sorting them all. */
function bestOfTier(
  pool: Int32Array,
  tiers: Uint8Array,
  scores: Float64Array,
  tier: number,
  limit: number,
): Int32Array {
  const inTier = new Int32Array(pool.length);
  let n = 0;
  for (const i of pool) if (tiers[i] === tier) inTier[n++] = i;
  if (n <= limit) return inTier.subarray(0, n);
  const values = new Float64Array(n);
  for (let k = 0; k < n; k++) values[k] = scores[inTier[k]!]!;
  const threshold = kthLargest(values, limit);
  const top = new Int32Array(limit);
  let t = 0;
  for (let k = 0; k < n && t < limit; k++) if (scores[inTier[k]!]! >= threshold) top[t++] = inTier[k]!;
  return top.subarray(0, t);
}

/** The k-th largest of `values` (which it reorders), by quickselect: linear, where a sort is n log n. */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}
