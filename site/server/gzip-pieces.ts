/**
 * A page's gzip variant in three pieces: what comes before the span a patch changes, that span, and what comes
 * after it. Each is compressed on its own (raw deflate ended by a full flush, so the next piece starts on a
 * whole byte and refers to nothing before it), and the three are joined in one gzip member (RFC 1952) with the
 * whole body's CRC-32 and length. A page patched again in the same span has only that span compressed again:
 * a search page's counts lie in its filter sidebar, a quarter of its bytes (docs/decisions/061).
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

/** The compressed pieces before and after a page's changing span, and where that span lies. */
export interface GzipPieces {
  /** Where the span starts, and how many bytes follow its end: both are kept by a patch within it. */
  start: number;
  afterLength: number;
  before: Uint8Array;
  after: Uint8Array;
}

const LEVEL = 6;
/** A gzip header: deflate, no name or comment, no time, an unknown system. */
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** An empty fixed-Huffman block marked last: the stream's end after the flushed pieces. */
const LAST_BLOCK = Uint8Array.of(3, 0);

const deflate = promisify(deflateRaw);
const compressPiece = (bytes: Uint8Array) => deflate(bytes, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH });

/** The gzip member of `body` from its compressed pieces, in order. */
function joined(body: Uint8Array, pieces: Uint8Array[]): Uint8Array {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body) >>> 0, 0);
  trailer.writeUInt32LE(body.byteLength % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...pieces, LAST_BLOCK, trailer]);
}

/**
 * `body` gzipped, with `changed` (start and end) the span that differs from the body `previous` was made for.
 * Outside that span the two must be the same bytes (the caller's promise): `previous` is then reused when its
 * span lies where this one does, and only the span is compressed.
 */
export async function gzipInPieces(
  body: Uint8Array,
  [start, end]: readonly [number, number],
  previous?: GzipPieces,
): Promise<{ bytes: Uint8Array; pieces: GzipPieces }> {
  const afterLength = body.byteLength - end;
  const span = body.subarray(start, end);
  const reused = previous?.start === start && previous.afterLength === afterLength ? previous : undefined;
  const [before, middle, after] = reused
    ? [reused.before, await compressPiece(span), reused.after]
    : await Promise.all([
        compressPiece(body.subarray(0, start)),
        compressPiece(span),
        compressPiece(body.subarray(end)),
      ]);
  return { bytes: joined(body, [before, middle, after]), pieces: { start, afterLength, before, after } };
}
