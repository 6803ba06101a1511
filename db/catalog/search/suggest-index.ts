/**
 * The names the top bar's search box suggests as one types, held in memory (docs/product.md §1): every
 * content's name cut into words, each content listed under the first 1 to 4 characters of each of its words,
 * every list kept in the order names are offered (shorter first). A query's words must each start a word of
 * the name; it reads the list of its longest word's first 4 characters from the start and stops at 8, so it
 * costs microseconds at 100k contents, not a scan of the catalog. Entries are put, replaced and removed one
 * at a time (a binary search in each of their lists), so the index follows the catalog's changes without
 * being built again (suggestions.ts).
 */

/** Words: runs of letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;

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

/** Where the query words that start a word of the text stand in it, merged: those that start none are skipped. */
export function markWords(text: readonly Word[], query: readonly string[]): Array<[number, number]> {
  return query
    .flatMap((q) => markMatches(text, [q]) ?? [])
    .reduce<Array<[number, number]>>((merged, mark) => {
      const at = merged.findIndex((other) => mark[0] <= other[1] && other[0] <= mark[1]);
      if (at === -1) merged.push([...mark]);
      else merged[at] = [Math.min(merged[at]![0], mark[0]), Math.max(merged[at]![1], mark[1])];
      return merged;
    }, [])
    .sort((a, b) => a[0] - b[0]);
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
  seq: number;
  words: Word[];
}

/** A word's keys: its first 1 to 4 characters. A query word is looked up by its own first (up to) 4. */
const KEY_MAX = 4;
const keysOf = (word: string) => Array.from({ length: Math.min(KEY_MAX, word.length) }, (_, i) => word.slice(0, i + 1));
const keyOf = (word: string) => word.slice(0, KEY_MAX);

/** The order names are offered in, within a rank: shorter first, then A to Z (then by seq, to be total). */
const byShortest = (a: Held, b: Held) => a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.seq - b.seq);

/**
 * Lists of contents by key, each kept in the offering order, so a query reads a list from its start and stops
 * once it has enough: `words` holds a content under the keys of every word of its name, `firsts` under those of
 * its first word only (names starting with what was typed come first).
 */
class KeyedLists {
  private readonly lists = new Map<string, Held[]>();

  get(key: string): readonly Held[] {
    return this.lists.get(key) ?? [];
  }

  /**
   * Adds `held` under each key, once however many of its words share the key: in its place (`sorted`), or at
   * the end when added in the offering order already.
   */
  add(keys: Iterable<string>, held: Held, sorted: boolean): void {
    for (const key of keys) {
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = []));
      if (!sorted) {
        if (list.at(-1) !== held) list.push(held);
        continue;
      }
      const at = positionOf(list, held);
      if (list[at] !== held) list.splice(at, 0, held);
    }
  }

  delete(keys: Iterable<string>, held: Held): void {
    for (const key of keys) {
      const list = this.lists.get(key);
      if (!list) continue;
      const at = positionOf(list, held);
      if (list[at] === held) list.splice(at, 1);
      if (list.length === 0) this.lists.delete(key);
    }
  }
}

/** Where `held` is, or goes, in a list kept in the offering order (binary search). */
function positionOf(list: readonly Held[], held: Held): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byShortest(list[mid]!, held) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The keys of every word of a name (a key two words share comes twice: a list holds a name once). */
const wordKeys = (words: readonly Word[]) => words.flatMap((word) => keysOf(word.text));

export class SuggestIndex {
  private readonly entries = new Map<number, Held>();
  private readonly words = new KeyedLists();
  private readonly firsts = new KeyedLists();

  get size(): number {
    return this.entries.size;
  }

  /**
   * Fills an empty index with a whole catalog, sorted once in the offering order so every list is appended to
   * in order. It yields to other work every `chunk` names: at 100k contents the build takes a second or more
   * of CPU, which must not stall the requests being answered meanwhile (by 5,000 names it held the event loop
   * for up to 60 ms at a time, and uncached searches in the first seconds after a start took twice as long).
   */
  async load(rows: ReadonlyArray<NameEntry & { seq: number }>, chunk = 1_000): Promise<void> {
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    const all: Held[] = [];
    for (const [i, row] of rows.entries()) {
      all.push({ seq: row.seq, name: row.name, slug: row.slug, words: wordsOf(row.name) });
      if (i % chunk === chunk - 1) await pause();
    }
    all.sort(byShortest);
    for (const [i, held] of all.entries()) {
      this.hold(held, false);
      if (i % chunk === chunk - 1) await pause();
    }
  }

  /** Puts or replaces the entry of content `seq`. */
  put(seq: number, entry: NameEntry): void {
    this.remove(seq);
    this.hold({ seq, name: entry.name, slug: entry.slug, words: wordsOf(entry.name) }, true);
  }

  /** The name and slug of content `seq`, with its words, if held. */
  entry(seq: number): (NameEntry & { words: readonly Word[] }) | undefined {
    return this.entries.get(seq);
  }

  remove(seq: number): void {
    const held = this.entries.get(seq);
    if (!held) return;
    this.words.delete(wordKeys(held.words), held);
    this.firsts.delete(keysOf(held.words[0]?.text ?? ''), held);
    this.entries.delete(seq);
  }

  private hold(held: Held, sorted: boolean): void {
    this.entries.set(held.seq, held);
    this.words.add(wordKeys(held.words), held, sorted);
    this.firsts.add(keysOf(held.words[0]?.text ?? ''), held, sorted);
  }

  /**
   * The `limit` best names matching every query word: those whose first word starts with the first word
   * typed, then the others; shorter names first within each. Both passes read lists in that order and stop
   * once they have enough.
   */
  find(query: readonly string[], limit: number): NameHit[] {
    if (query.length === 0 || limit <= 0) return [];
    const first = query[0]!;
    const longest = query.reduce((a, b) => (b.length > a.length ? b : a));
    const byLongest = this.words.get(keyOf(longest));
    const byFirst = this.firsts.get(keyOf(first));
    const found: NameHit[] = [];
    const taken = new Set<Held>();
    const startsWithFirst = (held: Held) => held.words[0]?.text.startsWith(first) ?? false;
    const take = (list: readonly Held[], wanted: (held: Held) => boolean) => {
      for (const held of list) {
        if (found.length >= limit) return;
        if (taken.has(held) || !wanted(held)) continue;
        const marks = markMatches(held.words, query);
        if (!marks) continue;
        taken.add(held);
        found.push({ name: held.name, slug: held.slug, marks });
      }
    };
    // The names starting with the first word, read from whichever list is shorter.
    take(byFirst.length <= byLongest.length ? byFirst : byLongest, startsWithFirst);
    take(byLongest, (held) => !startsWithFirst(held));
    return found;
  }
}
