/**
 * Compressed once, sent many times: the encodings a stored response keeps (br and gzip, made once per
 * cached page or built file) and the choice of the one a request accepts. Levels and the reasons for them:
 * docs/decisions/013-compressed-page-cache.md.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Our preference when a client accepts several equally: the smallest first. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/** Below this a body is sent as it is: the encoding's own framing eats most of the gain. */
export const COMPRESS_THRESHOLD = 1024;

/** Levels for bytes compressed once and kept: about as small as br 11 / gzip 9, at a hundredth of br 11's time. */
const STORED_BROTLI_QUALITY = 6;
const STORED_GZIP_LEVEL = 6;
/** Levels for responses compressed on every request (the compression middleware): the fastest. */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 1;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings a body is kept in: identity alone when it is small. */
export const encodingsFor = (body: Uint8Array): Encoding[] =>
  body.byteLength < COMPRESS_THRESHOLD ? ['identity'] : ['br', 'gzip', 'identity'];

/**
 * A body in one stored encoding, compressed off the main thread; `fast`: at the dynamic levels, for bytes that
 * will be replaced soon (a page whose counts a stream of reviews keeps setting).
 */
export async function compressAs(body: Uint8Array, encoding: Encoding, { fast = false } = {}): Promise<Uint8Array> {
  if (encoding === 'identity') return body;
  if (encoding === 'gzip') return gzipAsync(body, { level: fast ? DYNAMIC_GZIP_LEVEL : STORED_GZIP_LEVEL });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: fast ? DYNAMIC_BROTLI_QUALITY : STORED_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/** A body in every encoding we store. */
export async function compressVariants(body: Uint8Array): Promise<Partial<Record<Encoding, Uint8Array>>> {
  const encodings = encodingsFor(body);
  const bytes = await Promise.all(encodings.map((encoding) => compressAs(body, encoding)));
  return Object.fromEntries(encodings.map((encoding, i) => [encoding, bytes[i]!]));
}

/**
 * The encoding to send, of those `available`, for an Accept-Encoding header (RFC 9110 §12.5.3): the highest
 * q-value wins, `*` stands for every coding the header does not name, identity is acceptable unless refused
 * (`identity;q=0`, or `*;q=0` without naming it) but ranks below the named codings; ties go to the first of
 * `preference` (by default the smaller encoding). No header means no
 * preference, and we send identity, as every server does. When the client accepts none of them, identity.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined | null,
  available: readonly Encoding[],
  preference: readonly Encoding[] = PREFERENCE,
): Encoding {
  if (!acceptEncoding || (!available.includes('br') && !available.includes('gzip'))) return 'identity';
  const weights = weightsOf(acceptEncoding);
  // identity is acceptable unless refused, but never preferred to a coding the client names (as negotiator
  // does, it weighs as the least of the named ones); any other coding only when named or covered by `*`.
  const implicitIdentity = Math.min(1, ...weights.values());
  const weightOf = (encoding: Encoding): number =>
    weights.get(encoding) ?? weights.get('*') ?? (encoding === 'identity' ? implicitIdentity : 0);
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of preference) {
    if (!available.includes(encoding)) continue;
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Parsed headers, by their text: browsers send one of a handful, and a cached page is a few microseconds. */
const parsed = new Map<string, Map<string, number>>();
const MAX_PARSED = 64;

function weightsOf(acceptEncoding: string): Map<string, number> {
  let weights = parsed.get(acceptEncoding);
  if (weights) return weights;
  weights = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(acceptEncoding, weights);
  return weights;
}
