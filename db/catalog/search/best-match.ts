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
import { compile, passing, seqsPassing } from './filters.ts';
import { BS, K1, WEIGHTS } from './field-weights.ts';
import { firstAtLeast, markSteps, markWords, newMarks, type Marks, type MarkStep } from './first-pass.ts';
import { sharedCopy } from './shared-arrays.ts';
import { FIELD_COUNT, type TextIndex } from './text-index.ts';
import { closestTerms } from './typos.ts';
import { FACET_ONLY_WORDS, STOPWORDS, stemOf, wordsOf } from './words.ts';
import { reviewsWeight } from './orders.ts';
import { FACET_INDEX, STRIDE } from './facet-kinds.ts';

/** At most this many words of a query are matched (a pasted paragraph is not ranked word by word). */
export const MAX_QUERY_WORDS = 12;
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
/** The most stars a review gives. */
const MAX_STARS = 5;
/** Tiers a group of matches is told apart by (more than the words a query holds). */
const GROUP_TIERS = 64;
/** The contents of the best tier whose names are read for phrases. */
export const PHRASE_CANDIDATES = 200;

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
  /** While typing: the bit of the core word still being typed (the last), when other core words are complete. */
  typedBit?: number;
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
  const coreWords = words.filter((word) => word.core);
  const last = coreWords.length - 1;
  const typedBit =
    typing && last > 0 && coreWords[last]!.typed === all.at(-1) && chosen.at(-1) === all.at(-1) ? 1 << last : 0;
  return { all, words, ...(correctedTerm ? { correctedTerm } : {}), ...(typedBit ? { typedBit } : {}) };
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

/**
 * Scratch arrays by seq, kept between searches: the first pass's marks (first-pass.ts). What the second pass
 * scores is held by slot (its place among the contents scored), so its arrays grow with what is scored, not
 * with the catalog.
 */
interface Scratch extends Marks {
  /** Per seq: its slot among the contents being scored, plus one (0: not being scored). */
  slotOf: Int32Array;
}

let scratch: Scratch | undefined;

/**
 * The first pass (first-pass.ts); answers how many contents it entered. A pass that failed half way leaves
 * marks that no later search must read (the helper thread's, maybe still being written): they are dropped.
 */
function firstPass(s: Scratch, index: TextIndex, steps: readonly MarkStep[], fields: readonly number[]): number {
  try {
    return markWords(s, index, steps, fields);
  } catch (error) {
    scratch = undefined;
    throw error;
  }
}
function scratchFor(limit: number): Scratch {
  if (!scratch || scratch.held.length < limit) {
    const size = Math.ceil(limit * 1.25) + 16;
    scratch = { ...newMarks(size), slotOf: new Int32Array(size) };
  }
  return scratch;
}

/**
 * Scratch by slot, for the contents being scored: per slot and field the weighted count of the current word's
 * forms and the field's length, the text score so far, whether the current word touched it; the slots the
 * current word touched; the scored contents' build positions in order, with their slots.
 */
const slots = {
  tf: new Float64Array(0),
  length: new Uint16Array(0),
  score: new Float64Array(0),
  inWord: new Uint8Array(0),
  wordSlots: new Int32Array(0),
  positions: new Int32Array(0),
  slotAt: new Int32Array(0),
};
function slotsFor(n: number): typeof slots {
  if (slots.score.length < n) {
    const size = Math.ceil(n * 1.25) + 16;
    slots.score = new Float64Array(size);
    slots.tf = new Float64Array(size * FIELD_COUNT);
    slots.length = new Uint16Array(size * FIELD_COUNT);
    slots.inWord = new Uint8Array(size);
    slots.wordSlots = new Int32Array(size);
    slots.positions = new Int32Array(size);
    slots.slotAt = new Int32Array(size);
  }
  return slots;
}

/** Adds a weighted count of a word's form in a field to a slot; answers how many slots the word touched. */
function addToSlot(slot: number, f: number, count: number, length: number, touched: number): number {
  let n = touched;
  if (!slots.inWord[slot]) {
    slots.inWord[slot] = 1;
    slots.wordSlots[n++] = slot;
  }
  const at = slot * FIELD_COUNT + f;
  slots.tf[at]! += count;
  slots.length[at] = length;
  return n;
}

/**
 * Adds the build's postings of term `id` in field `f` held by the contents being scored, reading every
 * posting of the term: what a long list of the contents scored costs least (a hot loop: plain locals).
 */
function addByScan(s: Scratch, index: TextIndex, id: number, f: number, weight: number, touched: number): number {
  const { postingDocs: docs, postingCounts: counts, fieldLengths: lengths, seqOf, replaced } = index;
  const skip = replaced.size > 0;
  const { slotOf } = s;
  const { inWord, wordSlots, tf, length } = slots;
  const [from, to] = index.postingRange(id, f);
  let n = touched;
  for (let k = from; k < to; k++) {
    const position = docs[k]!;
    const seq = seqOf[position]!;
    const slot = slotOf[seq]! - 1;
    if (slot < 0 || (skip && replaced.has(seq))) continue;
    if (!inWord[slot]) {
      inWord[slot] = 1;
      wordSlots[n++] = slot;
    }
    const at = slot * FIELD_COUNT + f;
    tf[at]! += weight * counts[k]!;
    length[at] = lengths[position * FIELD_COUNT + f]!;
  }
  return n;
}

/**
 * Adds the build's postings of term `id` in field `f` held by the contents being scored, seeking each one's
 * build position (`slots.positions`, ascending, `m` of them) in the term's list, which is in build order: a
 * few contents scored against a long list cost a few searches, not a read of the whole list.
 */
function addBySeeking(index: TextIndex, id: number, f: number, weight: number, m: number, touched: number): number {
  const { postingDocs: docs, postingCounts: counts, fieldLengths: lengths } = index;
  const { positions, slotAt } = slots;
  const [from, to] = index.postingRange(id, f);
  let n = touched;
  for (let j = 0, k = from; j < m && k < to; j++) {
    k = firstAtLeast(docs, k, to, positions[j]!);
    if (k < to && docs[k] === positions[j]) {
      n = addToSlot(slotAt[j]!, f, weight * counts[k]!, lengths[positions[j]! * FIELD_COUNT + f]!, n);
      k++;
    }
  }
  return n;
}

/**
 * Seeking costs about this many reads of a list per content sought: a list longer than that many times the
 * contents scored is sought, a shorter one read whole (a test sets it to compare the two ways).
 */
export const SEEKING = { cost: 24 };

/** A word's inverse document frequency: that of its commonest exact form (else of its commonest form). */
function idfOf(index: TextIndex, word: QueryWord): number {
  let holding = 0;
  for (const [term, weight] of word.forms)
    if (weight === 1 || holding === 0) holding = Math.max(holding, index.documentCount(term));
  return inverseFrequency(Math.max(1, index.size), Math.max(holding, 1));
}

/**
 * Gathers into the slots the weighted counts of the word's forms in `fields` held by the contents being
 * scored (`sought.n` of them; `sought.m()` puts those of the build in order in `slots.positions`, and
 * answers how many); answers how many slots the word touched.
 */
function gatherWord(
  s: Scratch,
  index: TextIndex,
  word: QueryWord,
  fields: readonly number[],
  sought: { n: number; m: () => number },
): number {
  let touched = 0;
  for (const [term, weight] of word.forms) {
    const id = index.termId(term);
    // The build's postings, read in place (the bulk of any search), then the contents written since.
    if (id !== undefined)
      for (const f of fields) {
        const [from, to] = index.postingRange(id, f);
        touched =
          sought.n * SEEKING.cost < to - from
            ? addBySeeking(index, id, f, weight, sought.m(), touched)
            : addByScan(s, index, id, f, weight, touched);
      }
    index.forEachReplaced(term, (seq, field, count, length) => {
      if (fields.includes(field) && s.slotOf[seq])
        touched = addToSlot(s.slotOf[seq]! - 1, field, weight * count, length, touched);
    });
  }
  return touched;
}

/** Scores the word's slots gathered and adds each to its text score, clearing the word's scratch. */
function scoreWord(index: TextIndex, touched: number, idf: number): void {
  const { wordSlots, inWord, tf, length, score } = slots;
  for (let k = 0; k < touched; k++) {
    const slot = wordSlots[k]!;
    inWord[slot] = 0;
    let sum = 0;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const at = slot * FIELD_COUNT + f;
      const count = tf[at]!;
      if (count === 0) continue;
      tf[at] = 0;
      const norm = 1 - BS[f]! + (BS[f]! * length[at]!) / index.averageLength[f]!;
      sum += WEIGHTS[f]! * ((count * (K1 + 1)) / (count + K1 * norm));
    }
    score[slot]! += idf * sum;
  }
}

/**
 * The build positions of the contents being scored (the matches `which`, their slots in `s.slotOf`), ascending,
 * each with its slot, in `slots.positions` and `slots.slotAt`; answers how many. A content written since the build has
 * no build postings to seek: it is left out (its words come from its own entry).
 */
function positionsInOrder(s: Scratch, index: TextIndex, seqs: Int32Array, which: Int32Array): number {
  const { positionOfSeq, seqOf, replaced } = index;
  const { positions, slotAt } = slots;
  let m = 0;
  for (let k = 0; k < which.length; k++) {
    const seq = seqs[which[k]!]!;
    const position = seq < positionOfSeq.length ? positionOfSeq[seq]! : -1;
    if (position >= 0 && !replaced.has(seq)) positions[m++] = position;
  }
  positions.subarray(0, m).sort();
  for (let j = 0; j < m; j++) slotAt[j] = s.slotOf[seqOf[positions[j]!]!]! - 1;
  return m;
}

/** Scores the matches `which` (indexes) into `scores`: their text scores, every word in turn. */
function scoreSome(
  s: Scratch,
  index: TextIndex,
  words: readonly QueryWord[],
  idfs: readonly number[],
  fields: readonly number[],
  seqs: Int32Array,
  which: Int32Array,
  scores: Float64Array,
): void {
  const n = which.length;
  const { score } = slotsFor(n);
  for (let k = 0; k < n; k++) {
    s.slotOf[seqs[which[k]!]!] = k + 1;
    score[k] = 0;
  }
  // Put in order once, and only when a list is long enough to be sought.
  let ordered = -1;
  const sought = { n, m: () => (ordered < 0 ? (ordered = positionsInOrder(s, index, seqs, which)) : ordered) };
  for (const [w, word] of words.entries())
    if (word.forms.size > 0) scoreWord(index, gatherWord(s, index, word, fields, sought), idfs[w]!);
  for (let k = 0; k < n; k++) {
    const i = which[k]!;
    scores[i] = score[k]!;
    s.slotOf[seqs[i]!] = 0;
  }
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

/** The query's phrases: the whole of it, and each run of two words or more, spaced round, the longest first. */
interface Phrases {
  whole: string;
  parts: Array<{ spaced: string; words: number }>;
  length: number;
}

/** The phrases of the query's words, read once for every name compared with them; none under two words. */
function phrasesOf(query: readonly string[]): Phrases | undefined {
  if (query.length < 2) return undefined;
  const parts: Phrases['parts'] = [];
  for (let i = 0; i < query.length; i++)
    for (let j = i + 2; j <= query.length; j++)
      parts.push({ spaced: ` ${query.slice(i, j).join(' ')} `, words: j - i });
  parts.sort((a, b) => b.words - a.words);
  return { whole: query.join(' '), parts, length: query.length };
}

/** Whether `name`'s words hold a phrase of the query (two words or more, in order) and how much of it. */
function phraseFactor(nameWords: readonly string[], phrases: Phrases | undefined): number {
  if (!phrases || nameWords.length === 0) return 1;
  const name = nameWords.join(' ');
  if (name === phrases.whole) return 2;
  const spaced = ` ${name} `;
  if (spaced.includes(` ${phrases.whole} `)) return 1.6;
  for (const { spaced: part, words } of phrases.parts)
    if (spaced.includes(part)) return 1 + (0.4 * words) / phrases.length;
  return 1;
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
 *
 * `shown`: how many of the best a page may show (its offset and its size). Then only the matches that can be
 * among them get a score and a rank: the tiers are known from a first cheap pass over the postings, and a
 * tier below the first `shown` matches can place none of its contents above them (a working link, then the
 * tier, outrank any score). The best tier is always scored whole: its best are read for phrases and for the
 * words they miss (scoreBestFirst cuts within it). The first `shown` are those every match ranked would give
 * (`best-match-pruning.test.ts`).
 */
export function bestMatches(
  index: TextIndex,
  table: FacetTable,
  analysis: QueryAnalysis,
  rankFilters: FacetFilters | undefined,
  namedFilters: readonly FacetFilters[] = [],
  fields: readonly number[] = ALL_FIELDS,
  shown?: number,
): BestMatches {
  const s = scratchFor(index.seqLimit);
  const idfs = analysis.words.map((word) => idfOf(index, word));
  const coreWords = analysis.words.filter((word) => word.core);
  const required = requiredWords(coreWords.length);
  const touched = firstPass(s, index, markSteps(index, analysis.words, idfs, fields, required), fields);
  let count = matchesOf(s, table, touched, index.seqLimit, required);
  if (analysis.typedBit) count = completedFirst(analysis.typedBit, coreWords.length, count);
  const { rows, seqs, tiers, held, bounds, scores } = perMatch;
  const matchedSeqs = seqs.slice(0, count);
  // In the seqs' order, which is nearly the table's: the counts then read the table's codes front to back (over
  // shared memory: the search's helper thread reads its chunks of them).
  const matchedRows = sharedCopy(Int32Array, rows.subarray(0, count));
  // Only a relevance page ranks, and only what passes its filters: the rest needs no score. A phrase in the
  // name is read for the best of the top tier only (of what is ranked, else of every match).
  const pool = poolOf(table, rankFilters, count);
  let best = 0;
  for (const i of pool) if (tiers[i]! > best) best = tiers[i]!;
  const working = workingLinks(index, count);
  // What needs a score: what is ranked (down to the tier that fills the page), else the best tier's matches.
  const candidates = rankFilters ? rankable(pool, working, best, shown) : ofTier(pool, best);
  const factorOf = rankFilters ? qualityAndKind(table, analysis, namedFilters) : undefined;
  const score = (which: Int32Array) => {
    scoreSome(s, index, analysis.words, idfs, fields, seqs, which, scores);
    if (factorOf) for (let k = 0; k < which.length; k++) scores[which[k]!]! *= factorOf.factor(rows[which[k]!]!);
  };
  const { scored, contenders } =
    shown === undefined
      ? { scored: candidates, contenders: undefined }
      : scoreBestFirst(
          candidates,
          { working, bounds, scores },
          best,
          // The tier's best are read for phrases and for the words they miss: a query of one word has neither.
          Math.max(shown, analysis.all.length > 1 ? PHRASE_CANDIDATES : 0),
          factorOf ? { most: factorOf.most, of: (i) => factorOf.factor(rows[i]!) } : { most: 1 },
          score,
        );
  if (scored === candidates) score(candidates);
  const top = bestOfTier(scored, best, PHRASE_CANDIDATES);
  let heldByBest = 0;
  const phrases = rankFilters ? phrasesOf(analysis.all) : undefined;
  for (const i of top) {
    if (rankFilters) scores[i]! *= phraseFactor(index.nameWordsOf(seqs[i]!), phrases);
    heldByBest |= held[i]!;
  }
  const missingWords =
    best > 0 ? coreWords.filter((_, bit) => !(heldByBest & (1 << bit))).map((word) => word.typed) : [];
  const ranked = rankFilters ? scored : new Int32Array(0);
  const rankedRows = new Int32Array(ranked.length);
  const rank = new Float64Array(ranked.length);
  for (let k = 0; k < ranked.length; k++) {
    const i = ranked[k]!;
    rankedRows[k] = rows[i]!;
    // Lower is better: a working link first, then the tier, then the score (each worth more than any after it).
    rank[k] = -((working[i] ? 1e12 : 0) + tiers[i]! * 1e9 + scores[i]!);
  }
  return {
    matches: {
      rows: matchedRows,
      ranked: rankedRows,
      rank,
      seqs: matchedSeqs,
      ...(rankFilters && contenders ? { contenders: seqsOf(contenders) } : {}),
    },
    missingWords,
    ...(analysis.correctedTerm ? { correctedTerm: analysis.correctedTerm } : {}),
  };
}

/**
 * The matches side by side (index i: one match), kept between searches and grown with the most matches a search
 * had, in the seqs' order: their rows and seqs; the words held, counted (the tier), and which (bit i: core word
 * i); where the query's postings first touch them; a bound on the text score, and the score once scored; 1 when
 * the link works. Then lists of matches (indexes): those a page
 * ranks, those it scores, those kept, a spare one; and a spare list of values.
 */
const perMatch = {
  rows: new Int32Array(0),
  seqs: new Int32Array(0),
  tiers: new Uint8Array(0),
  held: new Uint32Array(0),
  firstTouch: new Float64Array(0),
  bounds: new Float64Array(0),
  scores: new Float64Array(0),
  working: new Uint8Array(0),
  pool: new Int32Array(0),
  candidates: new Int32Array(0),
  kept: new Int32Array(0),
  spare: new Int32Array(0),
  values: new Float64Array(0),
};
function perMatchFor(n: number): void {
  if (perMatch.rows.length >= n) return;
  const size = Math.ceil(n * 1.25) + 16;
  Object.assign(perMatch, {
    rows: new Int32Array(size),
    seqs: new Int32Array(size),
    tiers: new Uint8Array(size),
    held: new Uint32Array(size),
    firstTouch: new Float64Array(size),
    bounds: new Float64Array(size),
    scores: new Float64Array(size),
    working: new Uint8Array(size),
    pool: new Int32Array(size),
    candidates: new Int32Array(size),
    kept: new Int32Array(size),
    spare: new Int32Array(size),
    values: new Float64Array(size),
  });
}

/**
 * The contents entered (`touched` of them, below seq `limit`) that hold enough words, on the table's rows (a
 * hidden content has none), into `perMatch` in the seqs' order (every array by seq is read front to back);
 * answers how many. The scratch's marks are cleared.
 */
function matchesOf(s: Scratch, table: FacetTable, touched: number, limit: number, required: number): number {
  perMatchFor(touched);
  const { rows, seqs, tiers, held, bounds, firstTouch } = perMatch;
  const { touchedBits } = s;
  let count = 0;
  const { rowOfSeq } = table;
  for (let w = 0; w <= limit >> 5; w++) {
    for (let word = touchedBits[w]!; word !== 0; word &= word - 1) {
      const seq = (w << 5) + (31 - Math.clz32(word & -word));
      s.inAny[seq] = 0;
      const first = s.firstTouch[seq]!;
      const bits = s.held[seq]!;
      const row = seq < rowOfSeq.length ? rowOfSeq[seq]! : -1;
      const tier = bitCount(bits);
      if (row < 0 || tier < required) continue;
      rows[count] = row;
      seqs[count] = seq;
      tiers[count] = tier;
      held[count] = bits;
      bounds[count] = s.bound[seq]!;
      firstTouch[count] = first;
      count++;
    }
    touchedBits[w] = 0;
  }
  return count;
}

/**
 * The matches a relevance page ranks (those passing its filters), else every match, as indexes, in their order.
 * Few matches read their rows' codes, a filter at a time over plain loops (a closure per match cost 8 ms a
 * search at a million contents). Many matches would read most of the codes (40 MB at a million contents):
 * the filters are rather applied to every row in the table's order, into a byte per seq that the matches
 * then read (1 MB).
 */
function poolOf(table: FacetTable, rankFilters: FacetFilters | undefined, count: number): Int32Array {
  const { pool, rows, seqs } = perMatch;
  const compiled = rankFilters ? compile(table, rankFilters) : [];
  for (let i = 0; i < count; i++) pool[i] = i;
  if (!compiled.length) return pool.subarray(0, count);
  let n = 0;
  if (count * MANY_MATCHES > table.size) {
    const passes = seqsPassing(table, rankFilters!);
    for (let i = 0; i < count; i++) if (passes[seqs[i]!]) pool[n++] = i;
    return pool.subarray(0, n);
  }
  const { codes } = table;
  n = count;
  for (const { f, passes } of compiled) {
    let kept = 0;
    for (let k = 0; k < n; k++) {
      const i = pool[k]!;
      if (passes[codes[rows[i]! * STRIDE + f]!]) pool[kept++] = i;
    }
    n = kept;
  }
  return pool.subarray(0, n);
}

/** Matches are many past this share of the table (one in MANY_MATCHES): reading every row in order costs less. */
const MANY_MATCHES = 8;

/**
 * While a word is typed after complete ones ('machine le'): a match holding none of the complete words is left
 * out when others hold one, and the tiers count the complete words held first, then the word being typed
 * (`typedBit`), so that what its first letters begin does not outrank what the words typed name. The matches
 * kept are compacted in place; answers how many.
 */
function completedFirst(typedBit: number, coreCount: number, count: number): number {
  const { rows, seqs, tiers, held, bounds, firstTouch } = perMatch;
  const complete = ((1 << coreCount) - 1) & ~typedBit;
  let anyComplete = false;
  for (let i = 0; i < count && !anyComplete; i++) anyComplete = (held[i]! & complete) !== 0;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (anyComplete && !(held[i]! & complete)) continue;
    rows[kept] = rows[i]!;
    seqs[kept] = seqs[i]!;
    held[kept] = held[i]!;
    bounds[kept] = bounds[i]!;
    firstTouch[kept] = firstTouch[i]!;
    tiers[kept] = 2 * bitCount(held[i]! & complete) + (held[i]! & typedBit ? 1 : 0);
    kept++;
  }
  return kept;
}

/** The matches of `pool` in `tier`, in their order. */
function ofTier(pool: Int32Array, tier: number): Int32Array {
  const { tiers, candidates: found } = perMatch;
  let n = 0;
  for (const i of pool) if (tiers[i] === tier) found[n++] = i;
  return found.subarray(0, n);
}

/** Per match, 1 when its link works (the checker does not find it broken). */
function workingLinks(index: TextIndex, count: number): Uint8Array {
  const { working, seqs } = perMatch;
  working.fill(1, 0, count);
  if (index.broken.size > 0) for (let i = 0; i < count; i++) if (index.broken.has(seqs[i]!)) working[i] = 0;
  return working;
}

/**
 * The ranked matches that may be among the first `shown` (all of them when `shown` is not given), in their
 * order: those of every (working link, tier) group down to the one that holds the `shown`-th, and every one of
 * the best tier, whose best are read for phrases.
 */
function rankable(ranking: Int32Array, working: Uint8Array, best: number, shown: number | undefined): Int32Array {
  if (shown === undefined) return ranking;
  const { tiers } = perMatch;
  const groupOf = (i: number) => working[i]! * GROUP_TIERS + tiers[i]!;
  const sizes = new Int32Array(2 * GROUP_TIERS);
  for (const i of ranking) sizes[groupOf(i)]!++;
  let lowest = 0;
  for (let group = 2 * GROUP_TIERS - 1, above = 0; group >= 0; group--) {
    above += sizes[group]!;
    if (above >= shown) {
      lowest = group;
      break;
    }
  }
  if (lowest === 0) return ranking;
  const kept = perMatch.candidates;
  let n = 0;
  for (const i of ranking) if (groupOf(i) >= lowest || tiers[i] === best) kept[n++] = i;
  return kept.subarray(0, n);
}

/** The candidates of `tier` whose bound is at least `least`. */
function atLeast(candidates: Int32Array, tier: number, bounds: Float64Array, least: number): number[] {
  const found: number[] = [];
  for (const i of candidates) if (perMatch.tiers[i] === tier && bounds[i]! >= least) found.push(i);
  return found;
}

/** The seqs of the matches at `indexes`, ascending. */
function seqsOf(indexes: readonly number[]): Int32Array {
  const found = new Int32Array(indexes.length);
  for (let k = 0; k < indexes.length; k++) found[k] = perMatch.seqs[indexes[k]!]!;
  return found.sort();
}

/** What the pruning of the best tier reads of each match. */
interface MatchFacts {
  working: Uint8Array;
  /** A bound on the text score (the first pass's), and the score once scored (times the quality factor). */
  bounds: Float64Array;
  scores: Float64Array;
}

/** Slack on a bound, for the rounding of sums taken in another order and of its constants taken out. */
const BOUND_SLACK = 1 + 1e-9;
/**
 * A rank adds the score to 1e12 (a working link) and the tier's 1e9, so scores closer than its last bit
 * (2^-12 there) rank as equals, then by date: a match is cut only if it scores this much below the floor.
 */
const RANK_EPSILON = 2 ** -10;

/**
 * Scores `candidates` (by `score`), the best tier's best bounds first, and leaves out of the answer the best
 * tier's matches whose bound shows they cannot be among its K best (`enough`: those a page shows and, for a
 * query of several words, the PHRASE_CANDIDATES read for phrases): once K matches of the best tier are scored,
 * the K-th best of their scores is a floor that the K best of the tier all reach (a phrase only multiplies a
 * score up), so a match whose bound times the highest quality factor (`most`) is below it ranks below K others,
 * and is not among the tier's K best. Answers the candidates scored, in their order, and the contenders: the
 * matches of the best tier that could be among its K best at the highest factor, the only ones a review can
 * lift into the page (decision 058). When a match of the best tier has a broken link (it ranks after every
 * working one), or the tier is small, every candidate is scored, and the contenders are not told.
 */
function scoreBestFirst(
  candidates: Int32Array,
  facts: MatchFacts,
  best: number,
  enough: number,
  factors: { most: number; of?: (i: number) => number },
  score: (which: Int32Array) => void,
): { scored: Int32Array; contenders?: number[] } {
  const { working, bounds, scores } = facts;
  const { tiers, values: tierBounds, spare: first, kept } = perMatch;
  const n = candidates.length;
  // The best tier's bounds; a broken link among them, or too few of them, and every candidate is scored.
  let inTier = 0;
  for (let k = 0; k < n; k++) {
    const i = candidates[k]!;
    if (tiers[i] !== best) continue;
    if (!working[i]) return { scored: candidates };
    tierBounds[inTier++] = bounds[i]!;
  }
  if (inTier < 4 * enough) return { scored: candidates };
  // First the matches whose bounds are among the 2K highest (ties included), and every match of a lower tier.
  const bar = kthLargest(tierBounds.subarray(0, inTier), 2 * enough);
  let f = 0;
  for (let k = 0; k < n; k++) {
    const i = candidates[k]!;
    if (tiers[i] !== best || bounds[i]! >= bar) first[f++] = i;
  }
  score(first.subarray(0, f));
  // The bounds are read no more: their room holds the first scores.
  const firstScores = tierBounds;
  let scored = 0;
  for (let k = 0; k < f; k++) if (tiers[first[k]!] === best) firstScores[scored++] = scores[first[k]!]!;
  const floor = kthLargest(firstScores.subarray(0, scored), enough) - RANK_EPSILON;
  // A match below the floor at its bound times the highest factor, or times its own, cannot reach the K best.
  const reach = floor / (factors.most * BOUND_SLACK);
  // The first are scored: their room holds the second.
  const second = first;
  let s = 0;
  let m = 0;
  const contenders = atLeast(candidates, best, bounds, Math.min(bar, reach));
  for (let k = 0; k < n; k++) {
    const i = candidates[k]!;
    if (tiers[i] !== best || bounds[i]! >= bar) kept[m++] = i;
    else if (bounds[i]! >= reach && (!factors.of || bounds[i]! * factors.of(i) * BOUND_SLACK >= floor)) {
      kept[m++] = i;
      second[s++] = i;
    }
  }
  if (s) score(second.subarray(0, s));
  return { scored: kept.subarray(0, m), contenders };
}

/**
 * What the catalog knows of a content, as a factor of its score: its reviews move it ±10% around the prior's 4
 * stars (the weighted rating), its kind, the filters the query names. `most`: the highest factor any content
 * can have for this query.
 */
function qualityAndKind(
  table: FacetTable,
  analysis: QueryAnalysis,
  namedFilters: readonly FacetFilters[],
): { factor: (row: number) => number; most: number } {
  const talkCombo = talkOnly(table);
  const { codes, numReviews, rating } = table;
  const typeAt = FACET_INDEX.type;
  const asked = askedKinds(table, analysis);
  const passesAsked = asked ? passing(table, compile(table, asked)) : undefined;
  // Each named filter is one facet's: a flag per code, read straight off the row's codes.
  const named = namedFilters.flatMap((filters) => compile(table, filters));
  const factor = (row: number) => {
    const at = row * STRIDE;
    let factor = reviewsWeight(rating[row]!, numReviews[row]!);
    if (passesAsked?.(row)) factor *= ASKED_KIND_FACTOR;
    else if (talkCombo[codes[at + typeAt]!]) factor *= TALK_FACTOR;
    for (const { f, passes } of named) if (passes[codes[at + f]!]) factor *= NAMED_FILTER_FACTOR;
    return factor;
  };
  // Ratings are 1 to 5 stars: the weighted rating is at most 5.
  const most = (1 + 0.1 * (MAX_STARS - 4)) * (asked ? ASKED_KIND_FACTOR : 1) * NAMED_FILTER_FACTOR ** named.length;
  return { factor, most };
}

/**
 * The candidates of `pool` in `tier` with the `limit` best scores (all of them when fewer), found without
 * sorting them all. Among those at the `limit`-th best score or above, the first touched (`firstTouch`) are
 * taken: the first found, had the matches been gathered in the order the query's postings touch them.
 */
function bestOfTier(pool: Int32Array, tier: number, limit: number): Int32Array {
  const { spare: inTier, values, tiers, scores, firstTouch } = perMatch;
  let n = 0;
  for (const i of pool) if (tiers[i] === tier) inTier[n++] = i;
  if (n <= limit) return inTier.subarray(0, n);
  for (let k = 0; k < n; k++) values[k] = scores[inTier[k]!]!;
  const threshold = kthLargest(values.subarray(0, n), limit);
  let reaching = 0;
  for (let k = 0; k < n; k++) if (scores[inTier[k]!]! >= threshold) inTier[reaching++] = inTier[k]!;
  if (reaching <= limit) return inTier.slice(0, reaching);
  // The first touched: the `limit` least of their touches (each content's is its own).
  for (let k = 0; k < reaching; k++) values[k] = -firstTouch[inTier[k]!]!;
  const last = -kthLargest(values.subarray(0, reaching), limit);
  const top = new Int32Array(limit);
  let t = 0;
  for (let k = 0; k < reaching; k++) if (firstTouch[inTier[k]!]! <= last) top[t++] = inTier[k]!;
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
