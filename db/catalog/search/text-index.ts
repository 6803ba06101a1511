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
  done(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

export interface TermStats {
  term: string;
  /** Contents holding it, in any field. */
  doc: number;
}

/** Calls for each content holding a term in a field: its seq, the field, how often, the field's length in words. */
export type PostingVisitor = (seq: number, field: number, count: number, length: number) => void;

export class TextIndex {
  readonly termIds = new Map<string, number>();
  readonly terms: string[] = [];
  /** Build position → seq. */
  readonly seqOf: Int32Array;
  /** Term id → contents holding it (any field), at the build. */
  readonly docCounts: Int32Array;
  /**
   * Postings of term id t in field f: positions start[t·3+f] to start[t·3+f+1] of `docs` (build positions)
   * and `counts` (how often, at most 255).
   */
  private readonly start: Int32Array;
  private readonly docs: Int32Array;
  private readonly counts: Uint8Array;
  /** Build position × field → length in words. */
  private readonly lengths: Uint16Array;
  readonly averageLength: number[];
  /** Each content's name as term ids, one after the other (nameStart[position] to nameStart[position + 1]). */
  private readonly nameTerms: Int32Array;
  private readonly nameStart: Int32Array;
  private readonly positionOfSeq: Int32Array;
  /** Stem → the terms sharing it. */
  readonly termsOfStem = new Map<string, number[]>();
  /** Contents written since the build (null: deleted), by seq. */
  readonly replaced = new Map<number, Entry | null>();

  constructor(rows: readonly IndexedText[]) {
    const n = rows.length;
    this.seqOf = Int32Array.from(rows, (row) => row.seq);
    this.positionOfSeq = new Int32Array(rows.reduce((top, row) => Math.max(top, row.seq), 0) + 1).fill(-1);
    for (let position = 0; position < n; position++) this.positionOfSeq[this.seqOf[position]!] = position;
    // First pass: each content's (term, field, count) triples in flat lists, and its names' words.
    const flat = { terms: new IntList(), fieldsAndCounts: new IntList() };
    const docStart = new Int32Array(n + 1);
    const names = new IntList();
    this.nameStart = new Int32Array(n + 1);
    this.lengths = new Uint16Array(n * FIELD_COUNT);
    const totals = [0, 0, 0];
    const local = new Map<number, number>();
    rows.forEach((row, position) => {
      textsOf(row).forEach((text, f) => {
        const words = wordsOf(text);
        local.clear();
        for (const word of words) {
          const id = this.idOf(word);
          local.set(id, (local.get(id) ?? 0) + 1);
          if (f === 0) names.push(id);
        }
        for (const [id, count] of local) {
          flat.terms.push(id);
          flat.fieldsAndCounts.push(f * 256 + Math.min(count, 255));
        }
        this.lengths[position * FIELD_COUNT + f] = Math.min(words.length, 65_535);
        totals[f]! += words.length;
      });
      docStart[position + 1] = flat.terms.length;
      this.nameStart[position + 1] = names.length;
    });
    this.nameTerms = names.done();
    // Second pass: postings grouped by term and field, in build order.
    const keys = this.terms.length * FIELD_COUNT;
    const sizes = new Int32Array(keys + 1);
    const terms = flat.terms.values;
    const fieldsAndCounts = flat.fieldsAndCounts.values;
    for (let k = 0; k < flat.terms.length; k++) sizes[terms[k]! * FIELD_COUNT + (fieldsAndCounts[k]! >> 8)]!++;
    this.start = new Int32Array(keys + 1);
    for (let k = 0; k < keys; k++) this.start[k + 1] = this.start[k]! + sizes[k]!;
    this.docs = new Int32Array(flat.terms.length);
    this.counts = new Uint8Array(flat.terms.length);
    const filled = this.start.slice(0, keys);
    this.docCounts = new Int32Array(this.terms.length);
    const lastCounted = new Int32Array(this.terms.length).fill(-1);
    for (let position = 0; position < n; position++) {
      for (let k = docStart[position]!; k < docStart[position + 1]!; k++) {
        const id = terms[k]!;
        const key = id * FIELD_COUNT + (fieldsAndCounts[k]! >> 8);
        this.docs[filled[key]!] = position;
        this.counts[filled[key]!] = fieldsAndCounts[k]! & 255;
        filled[key]!++;
        if (lastCounted[id] !== position) {
          lastCounted[id] = position;
          this.docCounts[id]!++;
        }
      }
    }
    this.averageLength = totals.map((total) => Math.max(1, total / Math.max(1, n)));
    this.terms.forEach((term, id) => {
      const stem = stemOf(term);
      const sharing = this.termsOfStem.get(stem);
      if (sharing) sharing.push(id);
      else this.termsOfStem.set(stem, [id]);
    });
  }

  private idOf(word: string): number {
    let id = this.termIds.get(word);
    if (id === undefined) {
      id = this.terms.push(word) - 1;
      this.termIds.set(word, id);
    }
    return id;
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
    this.newWords = undefined;
  }

  private newWords: Set<string> | undefined;
  /** The words of contents written since the build that the build does not hold. */
  private wordsSinceBuild(): Set<string> {
    if (!this.newWords) {
      this.newWords = new Set();
      for (const entry of this.replaced.values())
        for (const map of entry?.counts ?? []) for (const word of map.keys()) if (!this.termIds.has(word)) this.newWords.add(word);
    }
    return this.newWords;
  }

  /** Whether the word is indexed (in the build or in a content written since). */
  holds(term: string): boolean {
    return this.termIds.has(term) || this.wordsSinceBuild().has(term);
  }

  /** Every indexed term with its document count (the typo fallback's vocabulary). */
  vocabulary(): TermStats[] {
    return this.terms.map((term, id) => ({ term, doc: this.docCounts[id]! }));
  }

  private sortedIds: Int32Array | undefined;

  /** Terms starting with `prefix` (longer than it), the most common first, at most `limit`: a range of the sorted terms. */
  termsStartingWith(prefix: string, limit: number): string[] {
    const sorted = (this.sortedIds ??= Int32Array.from(this.terms.keys()).sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : 1)));
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[sorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: TermStats[] = [];
    for (let k = lo; k < sorted.length && this.terms[sorted[k]!]!.startsWith(prefix); k++) {
      const id = sorted[k]!;
      if (this.terms[id]!.length > prefix.length) found.push({ term: this.terms[id]!, doc: this.docCounts[id]! });
    }
    for (const word of this.wordsSinceBuild()) if (word.length > prefix.length && word.startsWith(prefix)) found.push({ term: word, doc: 1 });
    return found
      .sort((a, b) => b.doc - a.doc)
      .slice(0, limit)
      .map((stats) => stats.term);
  }

  private reversedIds: Int32Array | undefined;

  /**
   * Terms ending with `word` after at least `before` letters of their own ('security' → cybersecurity): a word
   * written as part of a compound. The most common first, at most `limit`.
   */
  termsEndingWith(word: string, before: number, limit: number): string[] {
    const reversed = (s: string) => [...s].reverse().join('');
    const keys = (this.reversedKeys ??= this.terms.map(reversed));
    const sorted = (this.reversedIds ??= Int32Array.from(this.terms.keys()).sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1)));
    const key = reversed(word);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[sorted[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    const found: TermStats[] = [];
    for (let k = lo; k < sorted.length && keys[sorted[k]!]!.startsWith(key); k++) {
      const id = sorted[k]!;
      const term = this.terms[id]!;
      if (term.length >= word.length + before && /^\p{L}+$/u.test(term)) found.push({ term, doc: this.docCounts[id]! });
    }
    return found
      .sort((a, b) => b.doc - a.doc)
      .slice(0, limit)
      .map((stats) => stats.term);
  }
  private reversedKeys: string[] | undefined;

  private typoTargets: Map<string, TermStats[]> | undefined;

  /**
   * The terms a misspelt word may be meant as, by their first letter: those sharing `word`'s first or second
   * letter (a slip rarely changes both). Terms held by one content only are left out of a large catalog's:
   * there they are mostly others' misspellings.
   */
  typoCandidates(word: string): TermStats[] {
    if (!this.typoTargets) {
      this.typoTargets = new Map();
      const rareToo = this.size < 1000;
      this.terms.forEach((term, id) => {
        const doc = this.docCounts[id]!;
        if (doc < 2 && !rareToo) return;
        const list = this.typoTargets!.get(term[0]!);
        if (list) list.push({ term, doc });
        else this.typoTargets!.set(term[0]!, [{ term, doc }]);
      });
    }
    const first = this.typoTargets.get(word[0]!) ?? [];
    const second = word[1] && word[1] !== word[0] ? (this.typoTargets.get(word[1]) ?? []) : [];
    const added = [...this.wordsSinceBuild()].filter((term) => term[0] === word[0] || term[0] === word[1]).map((term) => ({ term, doc: 1 }));
    return second.length || added.length ? [...first, ...second, ...added] : first;
  }

  /** The postings of term id `id` in field `f`: the range [from, to) of `postingDocs` and `postingCounts`. */
  postingRange(id: number, f: number): [number, number] {
    const key = id * FIELD_COUNT + f;
    return [this.start[key]!, this.start[key + 1]!];
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
    const found = (this.termsOfStem.get(stem) ?? []).map((id) => this.terms[id]!);
    for (const added of this.wordsSinceBuild()) if (stemOf(added) === stem) found.push(added);
    return found;
  }

  /**
   * Visits every content holding `term` in a field: the build's postings (of contents not replaced since),
   * then the replaced contents' own words.
   */
  forEachPosting(term: string, visit: PostingVisitor): void {
    const id = this.termIds.get(term);
    const skip = this.replaced.size > 0;
    if (id !== undefined) {
      for (let f = 0; f < FIELD_COUNT; f++) {
        const key = id * FIELD_COUNT + f;
        for (let k = this.start[key]!, end = this.start[key + 1]!; k < end; k++) {
          const position = this.docs[k]!;
          const seq = this.seqOf[position]!;
          if (skip && this.replaced.has(seq)) continue;
          visit(seq, f, this.counts[k]!, this.lengths[position * FIELD_COUNT + f]!);
        }
      }
    }
    for (const [seq, entry] of this.replaced) {
      if (!entry) continue;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const count = entry.counts[f]!.get(term);
        if (count) visit(seq, f, count, entry.lengths[f]!);
      }
    }
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
    return Array.from(this.nameTerms.subarray(this.nameStart[position]!, this.nameStart[position + 1]!), (id) => this.terms[id]!);
  }

  /** Contents holding the term (any field), at the build. */
  documentCount(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.docCounts[id]!;
  }
}
