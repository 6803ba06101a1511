/**
 * A content's own picture, instead of the letter tile: its page's og:image, else the site's icon, fetched
 * through the outbound policy (public addresses only, bounded in time and size: db/outbound/page-facts.ts),
 * resized to a WebP of at most PICTURE_WIDTH px and stored as uploads are (under the hash of its bytes, so
 * every server of a deployment serves it). Asked when a content is approved or imported and by the link
 * checker; the tile stays wherever no picture can be had. Never throws: a picture is a nicety.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contents, pictureFetches, uploads } from '../schema.ts';
import { fetchPageFacts, fetchWithin, type TitleFetchLimits } from '../outbound/page-facts.ts';

/** Cards are 640 px wide at most on a 2× screen's column: more is bytes nobody sees. */
export const PICTURE_WIDTH = 640;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** A page without a picture is asked again this long after, by the link checker. */
export const PICTURE_RETRY_DAYS = 30;
/** Ids bound in one statement when asking which contents want a picture. */
const ID_GROUP = 500;
/** Decoding more pixels than this (a 8k × 5k image) is refused: a small file may claim a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

export type PictureOutcome = (typeof pictureFetches.$inferSelect)['outcome'];

/** The picture's bytes as a stored WebP, or undefined when they are no image sharp can read. */
async function toWebp(bytes: Buffer): Promise<Buffer | undefined> {
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: PICTURE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 76 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** The first of the page's candidates that downloads and decodes, as a WebP, with where it came from. */
async function pictureOfPage(
  url: string,
  limits: Partial<TitleFetchLimits>,
  /** The image a content shows now, kept unless it is '' (the tile) or this page's own og:image. */
  shown: string,
): Promise<{ webp: Buffer; outcome: PictureOutcome } | 'kept' | undefined> {
  const facts = await fetchPageFacts(url, limits);
  if (shown !== '' && shown !== facts?.image) return 'kept';
  const candidates = [
    { from: facts?.image, outcome: 'og:image' as const },
    { from: facts?.icon, outcome: 'icon' as const },
  ];
  for (const { from, outcome } of candidates) {
    if (!from) continue;
    const image = await fetchWithin(from, { timeoutMs: 5000, ...limits, maxBytes: PICTURE_MAX_BYTES }, 'image/*', (type) => /^image\//i.test(type));
    const webp = image && (await toWebp(image.body));
    if (webp) return { webp, outcome };
  }
  return undefined;
}

/**
 * Fetches a picture for the content `id` when it shows the tile (no image of its own), or its page's og:image
 * by that site's address (as an approval suggests it: another site's file, which may change or go), stores
 * it and gives it to the content; records the try either way. Answers what came of it (undefined: nothing
 * was tried, the content has an image of its own or is gone).
 */
export async function fetchPicture(db: Db, id: string, limits: Partial<TitleFetchLimits> = {}): Promise<PictureOutcome | undefined> {
  try {
    const [content] = await db.select({ url: contents.url, image: contents.image }).from(contents).where(eq(contents.id, id));
    if (!content || (content.image !== '' && !/^https?:\/\//i.test(content.image))) return undefined;
    const picture = await pictureOfPage(content.url, limits, content.image);
    if (picture === 'kept') return undefined;
    const fetchedAt = new Date();
    const outcome = picture?.outcome ?? 'none';
    const recorded = db
      .insert(pictureFetches)
      .values({ contentId: id, outcome, fetchedAt })
      .onConflictDoUpdate({ target: pictureFetches.contentId, set: { outcome, fetchedAt } });
    if (!picture) {
      await recorded;
      return outcome;
    }
    const hash = createHash('sha256').update(picture.webp).digest('hex');
    await db.batch([
      db
        .insert(uploads)
        .values({ id: hash, mimeType: 'image/webp', size: picture.webp.byteLength, data: picture.webp, uploadedBy: null })
        .onConflictDoNothing(),
      // Only while it still shows what it showed: an admin may have given it an image meanwhile.
      db
        .update(contents)
        .set({ image: `/uploads/${hash}.webp` })
        .where(and(eq(contents.id, id), eq(contents.image, content.image))),
      recorded,
    ]);
    return outcome;
  } catch {
    return undefined;
  }
}

/**
 * Of `ids`, the contents that show the tile and were never asked for a picture, or asked without luck more
 * than PICTURE_RETRY_DAYS ago: what the link checker fetches pictures for.
 */
export async function contentsWantingPictures(db: Db, ids: readonly string[], now = new Date()): Promise<string[]> {
  const retryBefore = new Date(now.getTime() - PICTURE_RETRY_DAYS * 86_400_000);
  const wanting: string[] = [];
  // A full check answers for every content: asked in groups, as one statement may bind only so many values.
  for (let start = 0; start < ids.length; start += ID_GROUP) {
    const rows = await db
      .select({ id: contents.id })
      .from(contents)
      .leftJoin(pictureFetches, eq(pictureFetches.contentId, contents.id))
      .where(
        and(
          inArray(contents.id, ids.slice(start, start + ID_GROUP)),
          eq(contents.image, ''),
          or(isNull(pictureFetches.contentId), and(eq(pictureFetches.outcome, 'none'), lt(pictureFetches.fetchedAt, retryBefore))),
        ),
      );
    wanting.push(...rows.map((row) => row.id));
  }
  return wanting;
}

/** Fetches pictures for `ids` a few at a time (each is a visit to another site), in the background of a caller that does not wait. */
export async function fetchPictures(
  db: Db,
  ids: readonly string[],
  limits: Partial<TitleFetchLimits> = {},
  parallel = 4,
): Promise<Record<PictureOutcome, number>> {
  const tally: Record<PictureOutcome, number> = { 'og:image': 0, icon: 0, none: 0 };
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const outcome = await fetchPicture(db, id, limits);
      if (outcome) tally[outcome]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, ids.length) }, worker));
  return tally;
}
