/**
 * A content page's reviews, rendered alone and set into its cached copy (docs/decisions/057). A review, a vote
 * or a review's edit moves a content's rating, its count and its reviews, and nothing else its page shows;
 * rendering the whole page again for it cost 11–14 ms of CPU, most of it the related sections.
 *
 * The page marks each piece a review moves with a pair of comments (`partMarks`). Asked for its reviews alone
 * (`PagePart`), it renders those pieces only, marked the same way, and says so with PART_HEADER; it does so only
 * when the rest of the page is as the cached copy shows it, which both name by REST_HEADER (a fingerprint of
 * everything else the page reads about its content). Otherwise it renders the whole page.
 */
import { createHash } from 'node:crypto';

/** What the page cache asks a content page for: its reviews alone, if the rest of it is still `reviewsOf`. */
export interface PagePart {
  reviewsOf: string;
}

/** Set on a render of a page's reviews alone. */
export const PART_HEADER = 'x-page-part';
/** The fingerprint of what a page shows besides its reviews: kept beside the cached copy, never sent. */
export const REST_HEADER = 'x-page-rest';

/** A value's fingerprint, for REST_HEADER: the SHA-1 of its JSON. */
export const fingerprintOf = (value: unknown): string =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url');

/** The comments around a piece of a page that a render of its reviews alone gives again. */
export const partMarks = (name: string): [open: string, close: string] => [
  `<!--part:${name}-->`,
  `<!--/part:${name}-->`,
];

const OPEN = Buffer.from('<!--part:');
const OPEN_END = Buffer.from('-->');

/** Each marked piece of `body` by name: where its inside starts and ends. Undefined when a mark is not whole or a name repeats. */
function markedPieces(body: Buffer): Map<string, [start: number, end: number]> | undefined {
  const pieces = new Map<string, [number, number]>();
  for (let at = body.indexOf(OPEN); at >= 0; at = body.indexOf(OPEN, at)) {
    const nameEnd = body.indexOf(OPEN_END, at + OPEN.length);
    if (nameEnd < 0) return undefined;
    const name = body.subarray(at + OPEN.length, nameEnd).toString('latin1');
    const inside = nameEnd + OPEN_END.length;
    const close = body.indexOf(partMarks(name)[1], inside);
    if (close < 0 || pieces.has(name)) return undefined;
    pieces.set(name, [inside, close]);
    at = close;
  }
  return pieces;
}

/** Whether a rendered page has marked pieces that a render of its reviews alone can replace. */
export function hasParts(body: Uint8Array): boolean {
  const pieces = markedPieces(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  return pieces !== undefined && pieces.size > 0;
}

/**
 * The cached page with each piece `part` renders put in place of its own, or undefined when the two do not
 * mark the same pieces (the page is then rendered again whole).
 */
export function withParts(page: Uint8Array, part: Uint8Array): Uint8Array | undefined {
  const pageBytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const partBytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  const old = markedPieces(pageBytes);
  const fresh = markedPieces(partBytes);
  if (!old || !fresh || fresh.size === 0 || fresh.size !== old.size) return undefined;
  const edits = [...old].map(([name, [start, end]]) => {
    const made = fresh.get(name);
    return made ? { start, end, bytes: partBytes.subarray(made[0], made[1]) } : undefined;
  });
  if (edits.some((edit) => edit === undefined)) return undefined;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const edit of edits as Array<{ start: number; end: number; bytes: Buffer }>) {
    parts.push(pageBytes.subarray(from, edit.start), edit.bytes);
    from = edit.end;
  }
  parts.push(pageBytes.subarray(from));
  return Buffer.concat(parts);
}
