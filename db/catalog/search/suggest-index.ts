/**
 * The names the top bar's search box suggests as one types, held in memory (docs/product.md §1): every
 * content's name cut into words, the words bucketed by their first two characters. A query's words must
 * each start a word of the name; its longest word picks the one bucket to look in, so a query reads a few
 * thousand names at most, not the catalog. Entries are put, replaced and removed one at a time, so the index
 * follows the catalog's changes without being built again (suggestions.ts).
 */

/** Words: runs of letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;
/** The characters of a word that pick its bucket. */
const BUCKET_CHARS = 2;

export interface Word {
  /** Lowercased. */
  text: string;
  /** Where it starts in the original text (UTF-16 offsets). */
  start: number;
  /** Its length in the original text. */
  length: number;
}

/** The words of a text, lowercased, with where each stands in it. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) words.push({ text: match[0].toLowerCase(), start: match.index, length: match[0].length });
  return words;
}

/**
 * Where each query word starts a word of the text, as [start, end) offsets in the text, in order and merged;
 * undefined when a query word starts none (the text does not match).
 */
export function markMatches(text: string | readonly Word[], query: readonly string[]): Array<[number, number]> | undefined {
  const words = typeof text === 'string' ? wordsOf(text) : text;
  const marks: Array<[number, number]> = [];
  for (const q of query) {
    const word = words.find((w) => w.text.startsWith(q));
    if (!word) return undefined;
    // Lowercasing keeps the length of nearly every word; where it does not, the whole word is marked.
    const length = word.text.length === word.length ? q.length : word.length;
    marks.push([word.start, word.start + length]);
  }
  marks.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const mark of marks) {
    const last = merged.at(-1);
    if (last && mark[0] <= last[1]) last[1] = Math.max(last[1], mark[1]);
    else merged.push([...mark]);
  }
  return merged;
}

/** The words of a query as matched: lowercased, at most 8, the text cut at `max` characters first. */
export function queryWords(text: string, max = 100): string[] {
  return wordsOf(text.slice(0, max))
    .map((w) => w.text)
    .slice(0, 8);
}

export interface NameEntry {
  name: string;
  slug: string;
}

export interface NameHit extends NameEntry {
  marks: Array<[number, number]>;
}

interface Held extends NameEntry {
  words: Word[];
}

const bucketOf = (word: string) => word.slice(0, BUCKET_CHARS);

export class SuggestIndex {
  private readonly entries = new Map<number, Held>();
  private readonly buckets = new Map<string, Set<number>>();

  get size(): number {
    return this.entries.size;
  }

  /** Puts or replaces the entry of content `seq`. */
  put(seq: number, entry: NameEntry): void {
    this.remove(seq);
    const held: Held = { ...entry, words: wordsOf(entry.name) };
    this.entries.set(seq, held);
    for (const word of held.words) {
      const key = bucketOf(word.text);
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = new Set()));
      bucket.add(seq);
    }
  }

  remove(seq: number): void {
    const held = this.entries.get(seq);
    if (!held) return;
    this.entries.delete(seq);
    for (const word of held.words) {
      const key = bucketOf(word.text);
      const bucket = this.buckets.get(key);
      bucket?.delete(seq);
      if (bucket?.size === 0) this.buckets.delete(key);
    }
  }

  /**
   * The `limit` best names matching every query word: a name starting with the first word first, then
   * shorter names, then A to Z.
   */
  find(query: readonly string[], limit: number): NameHit[] {
    if (query.length === 0 || limit <= 0) return [];
    const longest = query.reduce((a, b) => (b.length > a.length ? b : a));
    const best: Array<{ held: Held; marks: Array<[number, number]>; rank: number }> = [];
    for (const seq of this.candidates(longest)) {
      const held = this.entries.get(seq)!;
      const marks = markMatches(held.words, query);
      if (!marks) continue;
      const rank = held.words[0]?.text.startsWith(query[0]!) ? 0 : 1;
      // Keep the best `limit` so far, in order (a short insertion: the limit is small).
      let at = best.length;
      while (at > 0 && compare(rank, held, best[at - 1]!) < 0) at--;
      if (at >= limit) continue;
      best.splice(at, 0, { held, marks, rank });
      if (best.length > limit) best.pop();
    }
    return best.map(({ held, marks }) => ({ name: held.name, slug: held.slug, marks }));
  }

  /** The contents having a word that may start with `word`: its bucket, or every bucket it starts (a one-character word). */
  private *candidates(word: string): Iterable<number> {
    if (word.length >= BUCKET_CHARS) {
      yield* this.buckets.get(bucketOf(word)) ?? [];
      return;
    }
    const seen = new Set<number>();
    for (const [key, bucket] of this.buckets) {
      if (!key.startsWith(word)) continue;
      for (const seq of bucket) {
        if (seen.has(seq)) continue;
        seen.add(seq);
        yield seq;
      }
    }
  }
}

function compare(rank: number, held: Held, other: { held: Held; rank: number }): number {
  return rank - other.rank || held.name.length - other.held.name.length || (held.name < other.held.name ? -1 : held.name > other.held.name ? 1 : 0);
}
