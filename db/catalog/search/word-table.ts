/**
 * Words kept outside the JavaScript heap, for the word index's vocabulary (text-index.ts): their UTF-8 bytes
 * end to end over shared memory, where each starts, and an open-addressing hash table of their ids. At a
 * million contents the vocabulary is about a million words: held as strings in Maps and arrays, it was some
 * 200 MB of small objects on the main thread's heap, which every major collection marked (decision 062).
 * Groups of word ids under a key (a stem, a word's first letters) are kept the same way: the keys in a table,
 * the ids of each group end to end.
 */
import { shared, sharedCopy } from './shared-arrays.ts';

export interface WordTable {
  /** Every word's UTF-8 bytes, one after the other. */
  bytes: Uint8Array;
  /** Word id → where its bytes start (and, at id + 1, end). */
  starts: Int32Array;
  /** The hash table: a word id + 1 per slot (0: empty), its length a power of two, at most half full. */
  slots: Int32Array;
}

/** Word ids grouped under keys: the ids of the key with id k are `ids[starts[k]]` to `ids[starts[k + 1]]`. */
export interface WordGroups {
  keys: WordTable;
  starts: Int32Array;
  ids: Int32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A word's bytes, in a scratch array reused from one lookup to the next. */
let scratch = new Uint8Array(256);
function bytesOf(word: string): Uint8Array {
  // A UTF-16 unit takes at most 3 bytes of UTF-8.
  if (scratch.length < word.length * 3) scratch = new Uint8Array(word.length * 3);
  return scratch.subarray(0, encoder.encodeInto(word, scratch).written);
}

/** FNV-1a over bytes [from, to). */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

function sameBytes(table: WordTable, id: number, word: Uint8Array): boolean {
  const start = table.starts[id]!;
  if (table.starts[id + 1]! - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (table.bytes[start + i] !== word[i]) return false;
  return true;
}

/** The table of `words`, each word's id its place in the list (the words distinct). */
export function wordTableOf(words: readonly string[]): WordTable {
  // Encoded into one growing array: an array per word was a million small allocations off the heap.
  let encoded = new Uint8Array(Math.max(64, words.length * 8));
  const starts = shared(Int32Array, words.length + 1);
  for (const [id, word] of words.entries()) {
    const at = starts[id]!;
    if (encoded.length - at < word.length * 3) {
      const grown = new Uint8Array(Math.max(encoded.length * 2, at + word.length * 3));
      grown.set(encoded.subarray(0, at));
      encoded = grown;
    }
    starts[id + 1] = at + encoder.encodeInto(word, encoded.subarray(at)).written;
  }
  const bytes = sharedCopy(Uint8Array, encoded.subarray(0, starts[words.length]!));
  let size = 16;
  while (size < words.length * 2) size *= 2;
  const slots = shared(Int32Array, size);
  for (let id = 0; id < words.length; id++) {
    let slot = hashOf(bytes, starts[id]!, starts[id + 1]!) & (size - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
    slots[slot] = id + 1;
  }
  return { bytes, starts, slots };
}

/** How many words the table holds. */
export const wordCount = (table: WordTable) => table.starts.length - 1;

/** The word with id `id`. */
export const wordAt = (table: WordTable, id: number): string =>
  decoder.decode(table.bytes.subarray(table.starts[id]!, table.starts[id + 1]!));

/** The id of `word`, or undefined when the table does not hold it. */
export function idOfWord(table: WordTable, word: string): number | undefined {
  const sought = bytesOf(word);
  const mask = table.slots.length - 1;
  for (let slot = hashOf(sought, 0, sought.length) & mask; ; slot = (slot + 1) & mask) {
    const held = table.slots[slot]!;
    if (held === 0) return undefined;
    if (sameBytes(table, held - 1, sought)) return held - 1;
  }
}

/** Whether the word with id `id` starts (or, `atEnd`, ends) with `part`'s bytes, and is longer than it. */
export function wordHasPart(table: WordTable, id: number, part: Uint8Array, atEnd: boolean): boolean {
  const start = table.starts[id]!;
  const length = table.starts[id + 1]! - start;
  if (length <= part.length) return false;
  const from = atEnd ? start + length - part.length : start;
  for (let i = 0; i < part.length; i++) if (table.bytes[from + i] !== part[i]) return false;
  return true;
}

/** A word's UTF-8 bytes, to test words for a part of it (wordHasPart) without decoding them. */
export const utf8Of = (word: string): Uint8Array => encoder.encode(word);

/**
 * The groups of `groups`, kept the same way: keys in a table, the ids end to end. A key cut inside a surrogate
 * pair (a word's first letters) is sought by its UTF-8 bytes, as U+FFFD: keys alike so are one group.
 */
export function wordGroupsOf(groups: ReadonlyMap<string, readonly number[]>): WordGroups {
  const byKey = new Map<string, number[]>();
  for (const [key, ids] of groups) {
    const sought = key.toWellFormed();
    const group = byKey.get(sought);
    if (group) for (const id of ids) group.push(id);
    else byKey.set(sought, [...ids]);
  }
  const keys = wordTableOf([...byKey.keys()]);
  const starts = shared(Int32Array, byKey.size + 1);
  let k = 0;
  for (const ids of byKey.values()) {
    starts[k + 1] = starts[k]! + ids.length;
    k++;
  }
  const ids = shared(Int32Array, starts[byKey.size]!);
  k = 0;
  for (const group of byKey.values()) ids.set(group, starts[k++]!);
  return { keys, starts, ids };
}

const NONE = sharedCopy(Int32Array, []);

/** The ids grouped under `key` (none when it has no group). */
export function groupOf(groups: WordGroups, key: string): Int32Array {
  const k = idOfWord(groups.keys, key);
  return k === undefined ? NONE : groups.ids.subarray(groups.starts[k]!, groups.starts[k + 1]!);
}
