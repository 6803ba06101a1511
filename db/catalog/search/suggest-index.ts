/**
 * The names the top bar's search box suggests as one types, held in memory (docs/product.md#audience-and-page-frame): every
 * content's name, slug and words by its seq. Best Match chooses which names to offer (suggestions.ts); this
 * gives each its label and marks where the typed words start the name's words. Entries are put, replaced and
 * removed one at a time, so the index follows the catalog's changes without being built again.
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
  for (const match of text.matchAll(WORD))
    words.push({ text: match[0].toLowerCase(), start: match.index, length: match[0].length });
  return words;
}

/**
 * Where each query word starts a word of the text, as [start, end) offsets in the text, in order and merged;
 * undefined when a query word starts none (the text does not match).
 */
export function markMatches(
  text: string | readonly Word[],
  query: readonly string[],
): Array<[number, number]> | undefined {
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

/**
 * Only the name and slug are held: the words of a name are found again for the few names a suggestion
 * shows. Held for every content, they were most of the index (at a million contents, 820 MB of heap with
 * them).
 */
export class SuggestIndex {
  private readonly entries = new Map<number, NameEntry>();

  get size(): number {
    return this.entries.size;
  }

  /**
   * Fills an empty index with a whole catalog, yielding to other work every `chunk` names, so the requests
   * answered meanwhile are not stalled.
   */
  async load(rows: ReadonlyArray<NameEntry & { seq: number }>, chunk = 1_000): Promise<void> {
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (const [i, row] of rows.entries()) {
      this.put(row.seq, row);
      if (i % chunk === chunk - 1) await pause();
    }
  }

  /** Puts or replaces the entry of content `seq`. */
  put(seq: number, entry: NameEntry): void {
    this.entries.set(seq, { name: entry.name, slug: entry.slug });
  }

  /** The name and slug of content `seq`, with its words, if held. */
  entry(seq: number): (NameEntry & { words: readonly Word[] }) | undefined {
    const held = this.entries.get(seq);
    return held && { ...held, words: wordsOf(held.name) };
  }

  remove(seq: number): void {
    this.entries.delete(seq);
  }
}
