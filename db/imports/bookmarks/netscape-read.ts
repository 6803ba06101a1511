/**
 * Reads a browser's bookmark file: the Netscape bookmark format Chromium, Firefox, Safari and Edge export
 * (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`: folders as `<DT><H3>`, their contents in the `<DL>` after them,
 * links as `<DT><A HREF ADD_DATE>`, a description as the `<DD>` after one). No HTML parser is a dependency
 * (decision 035), and a browser's file is not a document to build a tree of: it is read as a stream of
 * tags by a small scanner that never throws on bad markup — an unclosed tag, a stray `</DL>`, folders
 * nested ten thousand deep (a stack, no recursion) — and answers what it found.
 */
import { AppError, invalid } from '../../errors.ts';

import { BOOKMARK_FILE_MAX_BYTES, BOOKMARKS_MAX } from '../validation/bookmarks.ts';

export { BOOKMARK_FILE_MAX_BYTES, BOOKMARKS_MAX };
/** Longer titles and notes are cut: a 10,000-character title is nobody's bookmark name. */
const TITLE_MAX = 500;
const NOTE_MAX = 2000;

export interface Bookmark {
  url: string;
  title: string;
  /** When it was bookmarked (ADD_DATE, seconds since 1970), or undefined when the file does not say. */
  addedAt: Date | undefined;
  /** The folder it sits in, nearest first; the browser's own roots (Bookmarks bar…) are not named. */
  folder: string | undefined;
  /** The `<DD>` text after it (a list item's note, when Skillshelf wrote the file). */
  note: string;
}

export interface BookmarkFile {
  bookmarks: Bookmark[];
  /** Each folder's `<DD>` description, by its name (a list's, when Skillshelf wrote the file). */
  folderNotes: Map<string, string>;
}

/** A browser's roots: their links are plain bookmarks, in no list. Named here or marked by an attribute. */
const ROOT_FOLDERS = new Set([
  'bookmarks',
  'bookmarks bar',
  'bookmarks toolbar',
  'bookmarks menu',
  'other bookmarks',
  'mobile bookmarks',
  'favorites',
  'favourites',
  'favorites bar',
  'favourites bar',
  'imported',
]);
const ROOT_ATTRIBUTES = ['PERSONAL_TOOLBAR_FOLDER', 'UNFILED_BOOKMARKS_FOLDER'];

/** The bytes as text: browsers write UTF-8 (with or without a byte-order mark); anything else is refused. */
export function decodeBookmarkFile(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw invalid('The file is empty: export your bookmarks from your browser as an HTML file and choose that');
  if (bytes.byteLength > BOOKMARK_FILE_MAX_BYTES) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalid('The file is not UTF-8 text: export your bookmarks from your browser again (browsers write UTF-8)');
  }
}

const tooLarge = () => new AppError('TOO_LARGE', `A bookmark file may be at most ${BOOKMARK_FILE_MAX_BYTES / 1024 / 1024} MB`);
const tooMany = () => new AppError('TOO_LARGE', `A bookmark file may hold at most ${BOOKMARKS_MAX.toLocaleString('en')} bookmarks: export a folder at a time`);

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Where the text after the tag starts. */
  end: number;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** Text with its character references decoded (the named ones browsers write, and every numeric one). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

const isNameChar = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/**
 * The tag starting at `start` (a `<`), or undefined when what follows is not a tag (a lone `<` in text).
 * Attribute values may be quoted either way or bare; a value without its closing quote ends the file.
 */
function readTag(text: string, start: number): Tag | undefined {
  let i = start + 1;
  const closing = text.charCodeAt(i) === 47;
  if (closing) i++;
  const nameStart = i;
  while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
  if (i === nameStart) return undefined;
  const name = text.slice(nameStart, i).toUpperCase();
  const attributes = new Map<string, string>();
  while (i < text.length) {
    while (i < text.length && (isSpace(text.charCodeAt(i)) || text.charCodeAt(i) === 47)) i++;
    if (i >= text.length || text[i] === '>') break;
    const keyStart = i;
    while (i < text.length && !isSpace(text.charCodeAt(i)) && text[i] !== '=' && text[i] !== '>') i++;
    const key = text.slice(keyStart, i).toUpperCase();
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    let value = '';
    if (text[i] === '=') {
      i++;
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      const quote = text[i];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, i + 1);
        const end = close === -1 ? text.length : close;
        value = text.slice(i + 1, end);
        i = end + 1;
      } else {
        const valueStart = i;
        while (i < text.length && !isSpace(text.charCodeAt(i)) && text[i] !== '>') i++;
        value = text.slice(valueStart, i);
      }
    }
    // An ICON's picture can be megabytes: kept only as far as it is needed (nowhere).
    if (key && !attributes.has(key)) attributes.set(key, key === 'ICON' ? '' : decodeEntities(value));
  }
  return { name, closing, attributes, end: Math.min(i + 1, text.length) };
}

/** The text from `from` up to the next tag, with entities decoded and white space collapsed. */
function textUntilTag(text: string, from: number): { text: string; next: number } {
  const next = text.indexOf('<', from);
  const end = next === -1 ? text.length : next;
  return { text: cleanText(decodeEntities(text.slice(from, end))), next: end };
}

const cleanText = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The text of an element (a link's title, a folder's name) up to its closing tag: tags inside it are
 * skipped, and a tag that starts a next entry (DT, DL, DD, H3, A) ends it too, as a browser would.
 */
function elementText(text: string, from: number, closer: string): { text: string; next: number } {
  let collected = '';
  let i = from;
  while (i < text.length) {
    const piece = textUntilTag(text, i);
    collected += `${collected ? ' ' : ''}${piece.text}`;
    if (piece.next >= text.length) return { text: collected.trim(), next: text.length };
    const tag = readTag(text, piece.next);
    if (!tag) {
      collected += '<';
      i = piece.next + 1;
      continue;
    }
    if (tag.closing && tag.name === closer) return { text: collected.trim(), next: tag.end };
    if (['DT', 'DL', 'DD', 'H3', 'A'].includes(tag.name)) return { text: collected.trim(), next: piece.next };
    i = tag.end;
  }
  return { text: collected.trim(), next: text.length };
}

const secondsToDate = (value: string | undefined): Date | undefined => {
  if (!value || !/^\d{1,12}$/.test(value)) return undefined;
  const seconds = Number(value);
  // Some exporters write microseconds or milliseconds: read as whichever lands in a plausible time.
  for (const divisor of [1, 1000, 1_000_000]) {
    const ms = (seconds / divisor) * 1000;
    if (ms > Date.UTC(1990, 0, 1) && ms < Date.UTC(2200, 0, 1)) return new Date(Math.round(ms));
  }
  return undefined;
};

const isRootFolder = (name: string, attributes: Map<string, string>) =>
  ROOT_ATTRIBUTES.some((key) => attributes.get(key)?.toLowerCase() === 'true') || ROOT_FOLDERS.has(name.toLowerCase());

/**
 * Every link of a bookmark file, in the file's order, with the folder it sits in. Refuses (400) a file
 * that is not a bookmark file, and (413) one with more than BOOKMARKS_MAX links.
 */
export function readBookmarkFile(text: string): BookmarkFile {
  if (text.length > BOOKMARK_FILE_MAX_BYTES) throw tooLarge();
  const head = text.slice(0, 2048).toUpperCase();
  if (!head.includes('NETSCAPE-BOOKMARK-FILE') && !(text.includes('<DT>') || text.includes('<dt>'))) {
    throw invalid('This is not a bookmark file: in your browser, export your bookmarks as an HTML file and choose that');
  }
  const bookmarks: Bookmark[] = [];
  const folderNotes = new Map<string, string>();
  /** For each open `<DL>`, the nearest named folder around it (undefined: in none, or only a browser's roots). */
  const open: Array<string | undefined> = [];
  /** The folder named by the last `<H3>`, whose `<DL>` comes next. */
  let heading: string | undefined | null = null;
  /** What a `<DD>` describes: the last link, or the last folder heading. */
  let described: { kind: 'link'; bookmark: Bookmark } | { kind: 'folder'; name: string } | undefined;
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('<', i);
    if (at === -1) break;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      i = end === -1 ? text.length : end + 3;
      continue;
    }
    if (text[at + 1] === '!' || text[at + 1] === '?') {
      const end = text.indexOf('>', at);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    const tag = readTag(text, at);
    if (!tag) {
      i = at + 1;
      continue;
    }
    i = tag.end;
    if (tag.closing) {
      if (tag.name === 'DL') open.pop();
      continue;
    }
    switch (tag.name) {
      case 'H3': {
        const { text: name, next } = elementText(text, i, 'H3');
        i = next;
        const folderName = name.slice(0, TITLE_MAX);
        heading = isRootFolder(folderName, tag.attributes) || !folderName ? undefined : folderName;
        described = heading ? { kind: 'folder', name: heading } : undefined;
        break;
      }
      case 'DL':
        // A `<DL>` opens the folder its heading named; a root's, or one without a heading, keeps the folder it is in.
        open.push(heading ?? open.at(-1));
        heading = null;
        break;
      case 'A': {
        const { text: title, next } = elementText(text, i, 'A');
        i = next;
        const url = (tag.attributes.get('HREF') ?? '').trim();
        if (bookmarks.length >= BOOKMARKS_MAX) throw tooMany();
        const bookmark: Bookmark = {
          url,
          title: title.slice(0, TITLE_MAX),
          addedAt: secondsToDate(tag.attributes.get('ADD_DATE')),
          folder: open.at(-1),
          note: '',
        };
        bookmarks.push(bookmark);
        described = { kind: 'link', bookmark };
        heading = null;
        break;
      }
      case 'DD': {
        const { text: note, next } = elementText(text, i, 'DD');
        i = next;
        if (described?.kind === 'link') described.bookmark.note = note.slice(0, NOTE_MAX);
        else if (described?.kind === 'folder' && !folderNotes.has(described.name)) folderNotes.set(described.name, note.slice(0, NOTE_MAX));
        described = undefined;
        break;
      }
    }
  }
  if (bookmarks.length === 0) throw invalid('The file holds no bookmarks');
  return { bookmarks, folderNotes };
}
