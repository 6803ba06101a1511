/**
 * Reads a browser's bookmark file: the Netscape bookmark format Chromium, Firefox, Safari and Edge export
 * (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`: folders as `<DT><H3>`, their contents in the `<DL>` after them,
 * links as `<DT><A HREF ADD_DATE>`, a description as the `<DD>` after one). No HTML parser is a dependency
 * (decision 035), and a browser's file is not a document to build a tree of: it is read as a stream of
 * tags by a small scanner that never throws on bad markup — an unclosed tag, a stray `</DL>`, folders
 * nested ten thousand deep (a stack, no recursion) — and answers what it found.
 */
import { AppError, invalid } from '../../errors.ts';
import { cleanText as cleanStoredText } from '../../validation/text.ts';

import { BOOKMARK_FILE_MAX_BYTES, BOOKMARKS_MAX } from '../validation/bookmarks.ts';

export { BOOKMARK_FILE_MAX_BYTES, BOOKMARKS_MAX };
/** Longer titles and notes are cut: a 10,000-character title is nobody's bookmark name. */
const TITLE_MAX = 500;
const NOTE_MAX = 2000;
/** Folders nested deeper than any browser makes them are read as the deepest kept one. */
const FOLDER_DEPTH_MAX = 100;

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
  if (bytes.byteLength === 0)
    throw invalid('The file is empty: export your bookmarks from your browser as an HTML file and choose that');
  if (bytes.byteLength > BOOKMARK_FILE_MAX_BYTES) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalid('The file is not UTF-8 text: export your bookmarks from your browser again (browsers write UTF-8)');
  }
}

const tooLarge = () =>
  new AppError('TOO_LARGE', `A bookmark file may be at most ${BOOKMARK_FILE_MAX_BYTES / 1024 / 1024} MB`);
const tooMany = () =>
  new AppError(
    'TOO_LARGE',
    `A bookmark file may hold at most ${BOOKMARKS_MAX.toLocaleString('en')} bookmarks: export a folder at a time`,
  );

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Where the text after the tag starts. */
  end: number;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
};

/** Text with its character references decoded (the named ones browsers write, and every numeric one). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

const isNameChar = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/** The attributes the reader uses; every other one is skipped without being copied or decoded. */
const READ_ATTRIBUTES = new Set(['HREF', 'ADD_DATE', ...ROOT_ATTRIBUTES]);
/** Their lengths: a key of another length is never copied (a hostile link may carry millions of keys). */
const READ_ATTRIBUTE_LENGTHS = new Set([...READ_ATTRIBUTES].map((key) => key.length));
/**
 * The most raw characters of a value or a text decoded: a character reference is at most 10 characters
 * (`&#1114111;`), so this many raw characters hold more than the longest value kept, and a hostile file's
 * megabytes of references are never decoded.
 */
const rawCut = (kept: number) => kept * 10 + 1;
/** A link longer than this is refused as no web page's (bookmark-match.ts): its raw value is cut past it. */
const HREF_MAX = 2048;

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
    i = readAttribute(text, i, attributes);
  }
  return { name, closing, attributes, end: Math.min(i + 1, text.length) };
}

const skipSpaces = (text: string, from: number) => {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
};

/**
 * The attribute starting at `start`, kept in `attributes` when the reader uses it (the first of a key wins);
 * answers where the text after it starts. A key without a value has the empty value.
 */
function readAttribute(text: string, start: number, attributes: Map<string, string>): number {
  let i = start;
  while (i < text.length && !isSpace(text.charCodeAt(i)) && text[i] !== '=' && text[i] !== '>') i++;
  const key = READ_ATTRIBUTE_LENGTHS.has(i - start) ? text.slice(start, i).toUpperCase() : '';
  i = skipSpaces(text, i);
  if (text[i] !== '=') {
    keepAttribute(attributes, key, text, i, i);
    return i;
  }
  i = skipSpaces(text, i + 1);
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, i + 1);
    const valueEnd = close === -1 ? text.length : close;
    keepAttribute(attributes, key, text, i + 1, valueEnd);
    return valueEnd + 1;
  }
  const valueStart = i;
  while (i < text.length && !isSpace(text.charCodeAt(i)) && text[i] !== '>') i++;
  keepAttribute(attributes, key, text, valueStart, i);
  return i;
}

/** Keeps the value an attribute the reader uses, decoded from at most its raw cut. */
function keepAttribute(
  attributes: Map<string, string>,
  key: string,
  text: string,
  valueStart: number,
  valueEnd: number,
): void {
  if (READ_ATTRIBUTES.has(key) && !attributes.has(key)) {
    attributes.set(key, decodeEntities(text.slice(valueStart, Math.min(valueEnd, valueStart + rawCut(HREF_MAX)))));
  }
}

/** A title, name or note as every stored text is cleaned (no controls, bidi overrides or zero-width characters), on one line. */
const cleanText = (value: string) => cleanStoredText(value).replace(/\s+/g, ' ');

/**
 * The text of an element (a link's title, a folder's name) up to its closing tag, at most `max` characters:
 * tags inside it are skipped, and a tag that starts a next entry (DT, DL, DD, H3, A) ends it too, as a browser
 * would. The raw text is cut before its references are decoded and its spaces collapsed.
 */
function elementText(text: string, from: number, closer: string, max: number): { text: string; next: number } {
  const limit = rawCut(max);
  let raw = '';
  let i = from;
  const done = (next: number) => ({ text: cleanText(decodeEntities(raw)).slice(0, max), next });
  while (i < text.length) {
    const at = text.indexOf('<', i);
    const end = at === -1 ? text.length : at;
    if (raw.length < limit) raw += ` ${text.slice(i, Math.min(end, i + limit - raw.length))}`;
    if (at === -1) return done(text.length);
    const tag = readTag(text, at);
    if (!tag) {
      if (raw.length < limit) raw += '<';
      i = at + 1;
      continue;
    }
    if (tag.closing && tag.name === closer) return done(tag.end);
    if (['DT', 'DL', 'DD', 'H3', 'A'].includes(tag.name)) return done(at);
    i = tag.end;
  }
  return done(text.length);
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
    throw invalid(
      'This is not a bookmark file: in your browser, export your bookmarks as an HTML file and choose that',
    );
  }
  const state: ReadState = {
    bookmarks: [],
    folderNotes: new Map(),
    open: [],
    deeper: 0,
    heading: null,
    described: undefined,
  };
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('<', i);
    if (at === -1) break;
    const afterSkipped = afterCommentOrDeclaration(text, at);
    if (afterSkipped !== -1) {
      i = afterSkipped;
      continue;
    }
    const tag = readTag(text, at);
    if (!tag) {
      i = at + 1;
      continue;
    }
    i = tag.closing ? closeTag(state, tag) : openTag(state, text, tag);
  }
  if (state.bookmarks.length === 0) throw invalid('The file holds no bookmarks');
  return { bookmarks: state.bookmarks, folderNotes: state.folderNotes };
}

/** Where the reader is in a bookmark file: the links and folder notes so far, the folders open, what a `<DD>` describes. */
interface ReadState {
  bookmarks: Bookmark[];
  folderNotes: Map<string, string>;
  /** For each open `<DL>`, the nearest named folder around it (undefined: in none, or only a browser's roots). */
  open: Array<string | undefined>;
  /** `<DL>`s open deeper than FOLDER_DEPTH_MAX: counted, each in the folder of the deepest one kept. */
  deeper: number;
  /** The folder named by the last `<H3>`, whose `<DL>` comes next. */
  heading: string | undefined | null;
  /** What a `<DD>` describes: the last link, or the last folder heading. */
  described: { kind: 'link'; bookmark: Bookmark } | { kind: 'folder'; name: string } | undefined;
}

/** Where the text after a comment or a declaration (`<!DOCTYPE>`, `<?xml?>`) at `at` starts; -1 when none starts there. */
function afterCommentOrDeclaration(text: string, at: number): number {
  if (text.startsWith('<!--', at)) {
    const end = text.indexOf('-->', at + 4);
    return end === -1 ? text.length : end + 3;
  }
  if (text[at + 1] === '!' || text[at + 1] === '?') {
    const end = text.indexOf('>', at);
    return end === -1 ? text.length : end + 1;
  }
  return -1;
}

/** A closing tag: a `</DL>` closes the folder its `<DL>` opened. Answers where reading goes on. */
function closeTag(state: ReadState, tag: Tag): number {
  if (tag.name === 'DL') {
    if (state.deeper > 0) state.deeper--;
    else state.open.pop();
  }
  return tag.end;
}

/** An opening tag: a folder's heading, its `<DL>`, a link, a description; others are skipped. Answers where reading goes on. */
function openTag(state: ReadState, text: string, tag: Tag): number {
  switch (tag.name) {
    case 'H3':
      return readFolderHeading(state, text, tag);
    case 'DL':
      // A `<DL>` opens the folder its heading named; a root's, or one without a heading, keeps the folder it is in.
      if (state.open.length < FOLDER_DEPTH_MAX) state.open.push(state.heading ?? state.open.at(-1));
      else state.deeper++;
      state.heading = null;
      return tag.end;
    case 'A':
      return readLink(state, text, tag);
    case 'DD':
      return readDescription(state, text, tag.end);
    default:
      return tag.end;
  }
}

function readFolderHeading(state: ReadState, text: string, tag: Tag): number {
  const { text: folderName, next } = elementText(text, tag.end, 'H3', TITLE_MAX);
  state.heading = isRootFolder(folderName, tag.attributes) || !folderName ? undefined : folderName;
  state.described = state.heading ? { kind: 'folder', name: state.heading } : undefined;
  return next;
}

function readLink(state: ReadState, text: string, tag: Tag): number {
  const { text: title, next } = elementText(text, tag.end, 'A', TITLE_MAX);
  const url = (tag.attributes.get('HREF') ?? '').trim();
  if (state.bookmarks.length >= BOOKMARKS_MAX) throw tooMany();
  const bookmark: Bookmark = {
    url,
    title,
    addedAt: secondsToDate(tag.attributes.get('ADD_DATE')),
    folder: state.open.at(-1),
    note: '',
  };
  state.bookmarks.push(bookmark);
  state.described = { kind: 'link', bookmark };
  state.heading = null;
  return next;
}

/** A `<DD>`: the note of the link before it, or the description of the folder heading before it (its first). */
function readDescription(state: ReadState, text: string, from: number): number {
  const { text: note, next } = elementText(text, from, 'DD', NOTE_MAX);
  const { described } = state;
  if (described?.kind === 'link') described.bookmark.note = note;
  else if (described?.kind === 'folder' && !state.folderNotes.has(described.name))
    state.folderNotes.set(described.name, note);
  state.described = undefined;
  return next;
}
