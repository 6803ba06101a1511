/**
 * Best Match's word index (decision 040): for each word, the contents holding it in each field (name, tags,
 * description) and how often, in typed arrays, with each field's length per content; scored as BM25 per
 * field, saturated in each field before the fields are summed, so a course whose name, tags and description
 * all say a word outranks a forum whose one short line does. Pure: built from rows, no IO.
 *
 * A content written after the build is held apart (`replace`): the build's postings of a replaced content are
 * skipped and its new words scored from its own entry. The statistics (document counts, average lengths) are
 * the build's, until the next build: a few changed contents move them by nothing a ranking shows.
 */
import { shared, sharedCopy } from './shared-arrays.ts';
import {
  groupOf,
  idOfWord,
  utf8Of,
  wordAt,
  wordCount,
  wordGroupsOf,
  wordHasPart,
  wordTableOf,
  type WordGroups,
  type WordTable,
} from './word-table.ts';
import { stemOf, wordsOf } from './words.ts';

export const FIELDS = ['name', 'tags', 'description'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

/** What a content is indexed from. */
export interface IndexedText {
  seq: number;
  name: string;
  tagLabels: string;
  description: string;
}

/** A content written since the build: its words per field with their counts, its fields' lengths, its name. */
interface Entry {
  counts: Array<Map<string, number>>;
  lengths: number[];
  nameWords: string[];
}

const textsOf = (row: IndexedText) => [row.name, row.tagLabels, row.description];

function entryOf(row: IndexedText): Entry {
  const counts: Array<Map<string, number>> = [];
  const lengths: number[] = [];
  let nameWords: string[] = [];
  textsOf(row).forEach((text, f) => {
    const words = wordsOf(text);
    if (f === 0) nameWords = words;
    const map = new Map<string, number>();
    for (const word of words) map.set(word, (map.get(word) ?? 0) + 1);
    counts.push(map);
    lengths.push(words.length);
  });
  return { counts, lengths, nameWords };
}

/** A growable array of 32-bit integers (the build's flat lists, before their sizes are known). */
class IntList {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  /** The values, over shared memory (shared-arrays.ts). */
  done(): Int32Array {
    return sharedCopy(Int32Array, this.values.subarray(0, this.length));
  }
}

/** What a build hands the index: every array it reads, over shared memory (its words too: word-table.ts). */
export interface IndexParts {
  /** The terms, each its id's. */
  terms: WordTable;
  seqOf: Int32Array;
  positionOfSeq: Int32Array;
  docCounts: Int32Array;
  start: Int32Array;
  docs: Int32Array;
  counts: Uint8Array;
  lengths: Uint16Array;
  averageLength: number[];
  nameTerms: Int32Array;
  nameStart: Int32Array;
  termsOfStem: WordGroups;
  /** Term ids by their first two letters, by their last three, and (the typo fallback's) by their first. */
  byStart: WordGroups;
  byEnd: WordGroups;
  typoTargets: WordGroups;
}

/**
 * Work between two turns given back to the event loop during a build, a few milliseconds of it: contents
 * tokenized (by time, since a content's text may be a line or a page: 300 long synthetic ones held the loop
 * 62 ms), contents' postings placed, terms filed.
 */
const TOKENIZING_MS_PER_TURN = 8;
const PLACED_PER_TURN = 10_000;
const FILED_PER_TURN = 10_000;
const giveTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Builds the index from the catalog's rows, read a page at a time, giving the event loop a turn every
 * few milliseconds of work: at 100k contents a build is seconds of work, which must not hold the requests
 * answered meanwhile.
 */
export async function buildTextIndex(pages: AsyncIterable<readonly IndexedText[]>): Promise<TextIndex> {
  return new TextIndex(await buildIndexParts(pages));
}

/** The parts of an index built from `pages`: plain data, so a worker thread can build them and hand them over. */
export async function buildIndexParts(pages: AsyncIterable<readonly IndexedText[]>): Promise<IndexParts> {
  const tokens = await tokenize(pages);
  const n = tokens.seqs.length;
  const seqOf = tokens.seqs.done();
  const positionOfSeq = new Int32Array(seqOf.reduce((top, seq) => Math.max(top, seq), 0) + 1).fill(-1);
  for (let position = 0; position < n; position++) positionOfSeq[seqOf[position]!] = position;
  const { start, docs, counts, docCounts } = await placePostings(tokens, n);
  const { termsOfStem, byStart, byEnd, typoTargets } = await fileTerms(tokens.terms, docCounts, n);
  return {
    terms: wordTableOf(tokens.terms),
    seqOf,
    positionOfSeq,
    docCounts,
    start,
    docs,
    counts,
    lengths: sharedCopy(Uint16Array, tokens.lengths.values.subarray(0, tokens.lengths.length)),
    averageLength: tokens.totals.map((total) => Math.max(1, total / Math.max(1, n))),
    nameTerms: tokens.names.done(),
    nameStart: tokens.nameStart.done(),
    termsOfStem,
    byStart,
    byEnd,
    typoTargets,
  };
}

/** The first pass of a build: each content's (term, field, count) triples in flat lists, and its name's words. */
interface Tokens {
  termIds: Map<string, number>;
  terms: string[];
  /** Per content, in build order: its seq, where its triples and its name's words start, its fields' lengths. */
  seqs: IntList;
  docStart: IntList;
  nameStart: IntList;
  lengths: IntList;
  /** Per triple: its term id, and its field × 256 + its count (at most 255). */
  flatTerms: IntList;
  fieldsAndCounts: IntList;
  names: IntList;
  /** Words per field over every content. */
  totals: number[];
}

async function tokenize(pages: AsyncIterable<readonly IndexedText[]>): Promise<Tokens> {
  const tokens: Tokens = {
    termIds: new Map(),
    terms: [],
    seqs: new IntList(),
    docStart: new IntList(),
    nameStart: new IntList(),
    lengths: new IntList(),
    flatTerms: new IntList(),
    fieldsAndCounts: new IntList(),
    names: new IntList(),
    totals: [0, 0, 0],
  };
  const {
    termIds,
    terms,
    seqs,
    flatTerms,
    fieldsAndCounts,
    docStart,
    names,
    nameStart,
    lengths: lengthList,
    totals,
  } = tokens;
  const idOf = (word: string) => {
    let id = termIds.get(word);
    if (id === undefined) {
      id = terms.push(word) - 1;
      termIds.set(word, id);
    }
    return id;
  };
  docStart.push(0);
  nameStart.push(0);
  const local = new Map<number, number>();
  let turnStarted = 0;
  for await (const page of pages) {
    turnStarted = performance.now();
    for (const [k, row] of page.entries()) {
      seqs.push(row.seq);
      textsOf(row).forEach((text, f) => {
        const words = wordsOf(text);
        local.clear();
        for (const word of words) {
          const id = idOf(word);
          local.set(id, (local.get(id) ?? 0) + 1);
          if (f === 0) names.push(id);
        }
        for (const [id, count] of local) {
          flatTerms.push(id);
          fieldsAndCounts.push(f * 256 + Math.min(count, 255));
        }
        lengthList.push(Math.min(words.length, 65_535));
        totals[f]! += words.length;
      });
      docStart.push(flatTerms.length);
      nameStart.push(names.length);
      if ((k & 15) === 15 && performance.now() - turnStarted > TOKENIZING_MS_PER_TURN) {
        await giveTurn();
        turnStarted = performance.now();
      }
    }
    await giveTurn();
  }
  return tokens;
}

/** The second pass: postings grouped by term and field, in build order, and how many contents hold each term. */
async function placePostings({ terms, flatTerms, fieldsAndCounts, docStart }: Tokens, n: number) {
  const keys = terms.length * FIELD_COUNT;
  const sizes = new Int32Array(keys + 1);
  const termOf = flatTerms.values;
  const fieldAndCount = fieldsAndCounts.values;
  for (let k = 0; k < flatTerms.length; k++) sizes[termOf[k]! * FIELD_COUNT + (fieldAndCount[k]! >> 8)]!++;
  const start = shared(Int32Array, keys + 1);
  for (let k = 0; k < keys; k++) start[k + 1] = start[k]! + sizes[k]!;
  const docs = shared(Int32Array, flatTerms.length);
  const counts = shared(Uint8Array, flatTerms.length);
  const filled = start.slice(0, keys);
  const docCounts = new Int32Array(terms.length);
  const lastCounted = new Int32Array(terms.length).fill(-1);
  const docStarts = docStart.values;
  for (let position = 0; position < n; position++) {
    for (let k = docStarts[position]!; k < docStarts[position + 1]!; k++) {
      const id = termOf[k]!;
      const key = id * FIELD_COUNT + (fieldAndCount[k]! >> 8);
      docs[filled[key]!] = position;
      counts[filled[key]!] = fieldAndCount[k]! & 255;
      filled[key]!++;
      if (lastCounted[id] !== position) {
        lastCounted[id] = position;
        docCounts[id]!++;
      }
    }
    if (position % PLACED_PER_TURN === 0) await giveTurn();
  }
  return { start, docs, counts, docCounts };
}

/**
 * The third pass: each term under its stem, its first two letters (prefixes), its last three (compounds) and,
 * unless only one content holds it in a large catalog (mostly others' misspellings), its first letter (typos).
 */
async function fileTerms(terms: readonly string[], docCounts: Int32Array, n: number) {
  const termsOfStem = new Map<string, number[]>();
  const byStart = new Map<string, number[]>();
  const byEnd = new Map<string, number[]>();
  const typoTargets = new Map<string, number[]>();
  const rareToo = n < 1000;
  const add = (map: Map<string, number[]>, key: string, id: number) => {
    const list = map.get(key);
    if (list) list.push(id);
    else map.set(key, [id]);
  };
  for (const [id, term] of terms.entries()) {
    add(termsOfStem, stemOf(term), id);
    add(byStart, term.slice(0, 2), id);
    add(byEnd, term.slice(-3), id);
    if (docCounts[id]! >= 2 || rareToo) add(typoTargets, term[0]!, id);
    if (id % FILED_PER_TURN === 0) await giveTurn();
  }
  return {
    termsOfStem: wordGroupsOf(termsOfStem),
    byStart: wordGroupsOf(byStart),
    byEnd: wordGroupsOf(byEnd),
    typoTargets: wordGroupsOf(typoTargets),
  };
}

export interface TermStats {
  term: string;
  /** Contents holding it, in any field. */
  doc: number;
}

/** Calls for each content holding a term in a field: its seq, the field, how often, the field's length in words. */
export type PostingVisitor = (seq: number, field: number, count: number, length: number) => void;

export class TextIndex {
  declare private readonly terms: WordTable;
  /** Build position → seq. */
  declare readonly seqOf: Int32Array;
  /** Term id → contents holding it (any field), at the build. */
  declare readonly docCounts: Int32Array;
  /**
   * Postings of term id t in field f: positions start[t·3+f] to start[t·3+f+1] of `docs` (build positions)
   * and `counts` (how often, at most 255).
   */
  declare private readonly start: Int32Array;
  declare private readonly docs: Int32Array;
  declare private readonly counts: Uint8Array;
  /** Build position × field → length in words. */
  declare private readonly lengths: Uint16Array;
  declare readonly averageLength: number[];
  /** Each content's name as term ids, one after the other (nameStart[position] to nameStart[position + 1]). */
  declare private readonly nameTerms: Int32Array;
  declare private readonly nameStart: Int32Array;
  /** Seq → build position (-1: none), what a content's postings are sought by. */
  declare readonly positionOfSeq: Int32Array;
  /** Stem → the terms sharing it. */
  declare private readonly termsOfStem: WordGroups;
  /** Contents written since the build (null: deleted), by seq. */
  readonly replaced = new Map<number, Entry | null>();
  /** Per seq of the build, 1 when written since: its build postings are skipped (over shared memory). */
  declare readonly replacedSeqs: Uint8Array;
  /** The seqs of contents whose link the checker finds broken (kept by the feed, like the words). */
  readonly broken = new Set<number>();

  constructor(parts: IndexParts) {
    Object.assign(this, parts);
    Object.assign(this, { replacedSeqs: shared(Uint8Array, parts.positionOfSeq.length) });
  }

  /** The build's id of a term, undefined when the build does not hold it. */
  termId(term: string): number | undefined {
    return idOfWord(this.terms, term);
  }

  /** The build's terms, by id. */
  get termCount(): number {
    return wordCount(this.terms);
  }
  termAt(id: number): string {
    return wordAt(this.terms, id);
  }

  /** How many contents were written since the build. */
  get replacedCount(): number {
    return this.replaced.size;
  }

  /** Contents at the build. */
  get size(): number {
    return this.seqOf.length;
  }

  /** The highest seq the index holds a content of (the size of arrays by seq). */
  get seqLimit(): number {
    let top = this.positionOfSeq.length;
    for (const seq of this.replaced.keys()) top = Math.max(top, seq + 1);
    return top;
  }

  /** Puts a content's words in as they are now (or takes them out: `row` null), apart from the build's. */
  replace(seq: number, row: IndexedText | null): void {
    this.replaced.set(seq, row ? entryOf(row) : null);
    if (seq < this.replacedSeqs.length) this.replacedSeqs[seq] = 1;
    this.newWords = undefined;
  }

  private newWords: Set<string> | undefined;
  /** The words of contents written since the build that the build does not hold. */
  private wordsSinceBuild(): Set<string> {
    if (!this.newWords) {
      this.newWords = new Set();
      for (const entry of this.replaced.values())
        for (const map of entry?.counts ?? [])
          for (const word of map.keys()) if (this.termId(word) === undefined) this.newWords.add(word);
    }
    return this.newWords;
  }

  /** Whether the word is indexed (in the build or in a content written since). */
  holds(term: string): boolean {
    return this.termId(term) !== undefined || this.wordsSinceBuild().has(term);
  }

  declare private readonly byStart: WordGroups;
  declare private readonly byEnd: WordGroups;
  declare private readonly typoTargets: WordGroups;

  /**
   * The `limit` most common of `ids` (and of `added`, held by one content each) that `wanted` takes, of those
   * longer than `part` that start (or, `atEnd`, end) with it: tested on their bytes, before any is decoded.
   */
  private mostCommon(
    ids: Int32Array,
    added: Iterable<string>,
    { part, atEnd }: { part: string; atEnd: boolean },
    wanted: (term: string) => boolean,
    limit: number,
  ): string[] {
    const found: TermStats[] = [];
    const bytes = utf8Of(part);
    for (const id of ids) {
      if (!wordHasPart(this.terms, id, bytes, atEnd)) continue;
      const term = this.termAt(id);
      if (wanted(term)) found.push({ term, doc: this.docCounts[id]! });
    }
    for (const word of added) if (wanted(word)) found.push({ term: word, doc: 1 });
    return found
      .sort((a, b) => b.doc - a.doc)
      .slice(0, limit)
      .map((stats) => stats.term);
  }

  /** Terms starting with `prefix` (of two letters or more, and longer than it), the most common first, at most `limit`. */
  termsStartingWith(prefix: string, limit: number): string[] {
    if (prefix.length < 2) return [];
    const wanted = (term: string) => term.length > prefix.length && term.startsWith(prefix);
    return this.mostCommon(
      groupOf(this.byStart, prefix.slice(0, 2)),
      this.wordsSinceBuild(),
      { part: prefix, atEnd: false },
      wanted,
      limit,
    );
  }

  /**
   * Terms ending with `word` after at least `before` letters of their own ('security' → cybersecurity): a word
   * written as part of a compound. The most common first, at most `limit`.
   */
  termsEndingWith(word: string, before: number, limit: number): string[] {
    if (word.length < 3) return [];
    const wanted = (term: string) =>
      term.length >= word.length + before && term.endsWith(word) && /^\p{L}+$/u.test(term);
    return this.mostCommon(
      groupOf(this.byEnd, word.slice(-3)),
      this.wordsSinceBuild(),
      { part: word, atEnd: true },
      wanted,
      limit,
    );
  }

  /**
   * The terms a misspelt word may be meant as: those sharing its first or second letter (a slip rarely changes
   * both), and not held by one content only in a large catalog (there, mostly others' misspellings).
   */
  typoCandidates(word: string): TermStats[] {
    const ids = [
      ...groupOf(this.typoTargets, word[0]!),
      ...(word[1] && word[1] !== word[0] ? groupOf(this.typoTargets, word[1]) : []),
    ];
    const added = [...this.wordsSinceBuild()]
      .filter((term) => term[0] === word[0] || term[0] === word[1])
      .map((term) => ({ term, doc: 1 }));
    return [...ids.map((id) => ({ term: this.termAt(id), doc: this.docCounts[id]! })), ...added];
  }

  /** The postings of term id `id` in field `f`: the range [from, to) of `postingDocs` and `postingCounts`. */
  postingRange(id: number, f: number): [number, number] {
    const key = id * FIELD_COUNT + f;
    return [this.start[key]!, this.start[key + 1]!];
  }
  /** Where each term's postings start, per field (postingRange's table). */
  get postingStarts(): Int32Array {
    return this.start;
  }
  get postingDocs(): Int32Array {
    return this.docs;
  }
  get postingCounts(): Uint8Array {
    return this.counts;
  }
  get fieldLengths(): Uint16Array {
    return this.lengths;
  }

  /** The terms sharing a word's stem ('networks' → network, networking, networks…). */
  termsSharingStem(word: string): string[] {
    const stem = stemOf(word);
    const found = Array.from(groupOf(this.termsOfStem, stem), (id) => this.termAt(id));
    for (const added of this.wordsSinceBuild()) if (stemOf(added) === stem) found.push(added);
    return found;
  }

  /** Visits the contents written since the build that hold `term`. */
  forEachReplaced(term: string, visit: PostingVisitor): void {
    for (const [seq, entry] of this.replaced) {
      if (!entry) continue;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const count = entry.counts[f]!.get(term);
        if (count) visit(seq, f, count, entry.lengths[f]!);
      }
    }
  }

  /** A content's name, as its words. */
  nameWordsOf(seq: number): string[] {
    if (this.replaced.has(seq)) return this.replaced.get(seq)?.nameWords ?? [];
    const position = seq < this.positionOfSeq.length ? this.positionOfSeq[seq]! : -1;
    if (position < 0) return [];
    return Array.from(this.nameTerms.subarray(this.nameStart[position]!, this.nameStart[position + 1]!), (id) =>
      this.termAt(id),
    );
  }

  /** Contents holding the term (any field), at the build. */
  documentCount(term: string): number {
    const id = this.termId(term);
    return id === undefined ? 0 : this.docCounts[id]!;
  }
}
