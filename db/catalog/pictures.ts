/**
 * A content's own picture, instead of the letter tile, always stored here: a content's image is never
 * another site's address, which that site could change at will (after an admin approved what it showed)
 * and which every visitor's browser would ask it for, telling it who looked. So a picture is fetched through
 * the outbound policy (public addresses only, bounded in time and size: db/outbound/page-facts.ts), resized
 * to a WebP of at most PICTURE_WIDTH px and stored as uploads are (under the hash of its bytes, so every
 * server of a deployment serves it):
 * - the page's own (its og:image, else the site's icon) when a link is submitted (keepPagePicture): the
 *   reviewing admin is shown it from here, and the approval publishes those very bytes;
 * - one given by another site's address (an admin's edit, an approval, an import; content-rows.ts
 *   givenPicture): asked for in the content's own batch, fetched by this process's background job
 *   (startPictureFetching) or at once after the reply, and asked again a day after a failure;
 * - the page's own for a content that shows the tile and was given none (after an approval, by the link
 *   checker), asked again after PICTURE_RETRY_DAYS.
 * Every try is recorded in picture_fetches; the tile stays wherever no picture can be had. Never throws: a
 * picture is a nicety.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contents, GIVEN_PICTURE_DUE, pictureFetches } from '../schema.ts';
import { fetchPageFacts, fetchWithin, type PageFacts, type TitleFetchLimits } from '../outbound/page-facts.ts';
import { startBackgroundLoop, type BackgroundLoop } from '../operations/background-loop.ts';
import { withLease } from '../operations/lease.ts';
import { uploadStatements } from './upload-writer.ts';

/** Cards are 640 px wide at most on a 2× screen's column: more is bytes nobody sees. */
export const PICTURE_WIDTH = 640;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** A page without a picture is asked again this long after, by the link checker. */
export const PICTURE_RETRY_DAYS = 30;
/** A picture given by its address that could not be had is asked again this long after (its site may have been down). */
export const GIVEN_PICTURE_RETRY_HOURS = 24;
/** Ids bound in one statement when asking which contents want a picture. */
const ID_GROUP = 500;
/** Decoding more pixels than this (a 8k × 5k image) is refused: a small file may claim a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

export type PictureOutcome = (typeof pictureFetches.$inferSelect)['outcome'];
/** What a try comes to ('pending' is a picture not tried yet). */
export type FetchOutcome = Exclude<PictureOutcome, 'pending'>;

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

/** The image at `url` as a WebP, or undefined when it cannot be had within the limits or is no image. */
async function webpAt(url: string, limits: Partial<TitleFetchLimits>): Promise<Buffer | undefined> {
  const image = await fetchWithin(url, { timeoutMs: 5000, ...limits, maxBytes: PICTURE_MAX_BYTES }, 'image/*', (type) =>
    /^image\//i.test(type),
  );
  return image && toWebp(image.body);
}

/** The first of the page's pictures (its og:image, else its icon) that downloads and decodes, as a WebP. */
async function pictureOfPage(
  facts: PageFacts | undefined,
  limits: Partial<TitleFetchLimits>,
): Promise<{ webp: Buffer; outcome: 'og:image' | 'icon' } | undefined> {
  const candidates = [
    { from: facts?.image, outcome: 'og:image' as const },
    { from: facts?.icon, outcome: 'icon' as const },
  ];
  for (const { from, outcome } of candidates) {
    const webp = from ? await webpAt(from, limits) : undefined;
    if (webp) return { webp, outcome };
  }
  return undefined;
}

/** A WebP stored as uploads are (once per hash of its bytes): the statements, and the path it is served at. */
function storedWebp(db: Db, webp: Buffer) {
  const hash = createHash('sha256').update(webp).digest('hex');
  return {
    path: `/uploads/${hash}.webp`,
    statements: uploadStatements(db, { id: hash, mimeType: 'image/webp', data: webp, uploadedBy: null }),
  };
}

/**
 * The picture a page names (og:image, else its icon), fetched and stored here: its path, or undefined when it
 * has none that can be read. For a submitted link: its reviewing admin sees, and its approval publishes,
 * these bytes, whatever that site serves later.
 */
export async function keepPagePicture(
  db: Db,
  facts: PageFacts,
  limits: Partial<TitleFetchLimits> = {},
): Promise<string | undefined> {
  try {
    const picture = await pictureOfPage(facts, limits);
    if (!picture) return undefined;
    const { path, statements } = storedWebp(db, picture.webp);
    await db.batch(statements);
    return path;
  } catch {
    return undefined;
  }
}

/**
 * Fetches a picture for the content `id` when it shows the tile (no image of its own): the one it was given by
 * another site's address, else its page's own; stores it and gives it to the content, unless that changed
 * meanwhile (an image of its own, another picture given); records the try either way. Answers what came of
 * it (undefined: nothing was tried, the content has an image of its own or is gone).
 */
export async function fetchPicture(
  db: Db,
  id: string,
  {
    givenOnly = false,
    ...limits
  }: Partial<TitleFetchLimits> & {
    /** Only a given picture: never a visit to the page itself. */ givenOnly?: boolean;
  } = {},
): Promise<FetchOutcome | undefined> {
  try {
    const [content] = await db
      .select({ url: contents.url, image: contents.image, source: pictureFetches.source })
      .from(contents)
      .leftJoin(pictureFetches, eq(pictureFetches.contentId, contents.id))
      .where(eq(contents.id, id));
    // Only a content that shows the tile (none, or gone, has nothing to fetch).
    if (content?.image !== '') return undefined;
    const { source } = content;
    if (givenOnly && !source) return undefined;
    const picture = source
      ? await webpAt(source, limits).then((webp) => webp && { webp, outcome: 'given' as const })
      : await pictureOfPage(await fetchPageFacts(content.url, limits), limits);
    const fetchedAt = new Date();
    const outcome = picture?.outcome ?? 'none';
    // What was asked for is still what is wanted: the same given picture, or none given.
    const stillAsked = source
      ? sql`EXISTS (SELECT 1 FROM ${pictureFetches} WHERE ${pictureFetches.contentId} = ${id} AND ${pictureFetches.source} = ${source})`
      : sql`NOT EXISTS (SELECT 1 FROM ${pictureFetches} WHERE ${pictureFetches.contentId} = ${id} AND ${pictureFetches.source} IS NOT NULL)`;
    const recorded = db
      .insert(pictureFetches)
      .values({ contentId: id, outcome, fetchedAt, source })
      .onConflictDoUpdate({
        target: pictureFetches.contentId,
        set: { outcome, fetchedAt },
        setWhere: source ? eq(pictureFetches.source, source) : isNull(pictureFetches.source),
      });
    if (!picture) {
      await recorded;
      return outcome;
    }
    const stored = storedWebp(db, picture.webp);
    await db.batch([
      ...stored.statements,
      // Only while it still shows the tile and wants this picture.
      db
        .update(contents)
        .set({ image: stored.path })
        .where(and(eq(contents.id, id), eq(contents.image, ''), stillAsked)),
      recorded,
    ]);
    return outcome;
  } catch {
    return undefined;
  }
}

/**
 * Of `ids`, the contents that show the tile and were never asked for a picture, were given one not fetched
 * yet, or were asked without luck long enough ago (a given picture after GIVEN_PICTURE_RETRY_HOURS, the page's
 * own after PICTURE_RETRY_DAYS): what the link checker fetches pictures for.
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
          or(
            sql`${pictureFetches.contentId} IS NULL`,
            givenDue(now),
            and(eq(pictureFetches.outcome, 'none'), lt(pictureFetches.fetchedAt, retryBefore)),
          ),
        ),
      );
    wanting.push(...rows.map((row) => row.id));
  }
  return wanting;
}

/** A given picture due to be fetched: never tried (a pending one's time is 0), or failed long enough ago. */
const givenDue = (now: Date) =>
  and(GIVEN_PICTURE_DUE, lt(pictureFetches.fetchedAt, new Date(now.getTime() - GIVEN_PICTURE_RETRY_HOURS * 3_600_000)));

/** The read of the contents showing the tile whose given picture is due, oldest try first (at most `limit`). */
export const givenPicturesDueQuery = (db: Db, limit: number, now = new Date()) =>
  db
    .select({ id: pictureFetches.contentId })
    .from(pictureFetches)
    .innerJoin(contents, eq(contents.id, pictureFetches.contentId))
    .where(and(givenDue(now), eq(contents.image, '')))
    .orderBy(asc(pictureFetches.fetchedAt))
    .limit(limit);

/** The contents showing the tile whose given picture is due, oldest try first (at most `limit`). */
export async function givenPicturesDue(db: Db, limit: number, now = new Date()): Promise<string[]> {
  return (await givenPicturesDueQuery(db, limit, now)).map((row) => row.id);
}

/** Fetches pictures for `ids` a few at a time (each is a visit to another site), in the background of a caller that does not wait. */
export async function fetchPictures(
  db: Db,
  ids: readonly string[],
  limits: Partial<TitleFetchLimits> = {},
  parallel = 4,
): Promise<Record<FetchOutcome, number>> {
  const tally: Record<FetchOutcome, number> = { 'og:image': 0, icon: 0, given: 0, none: 0 };
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

const LEASE = 'pictures';
const LEASE_MS = 2 * 60_000;
const PICTURES_PER_ROUND = 8;
const LOOK_EVERY_MS = 60_000;

/**
 * The job each server process runs: every minute, when a given picture is due (one indexed read), one process
 * at a time (a lease) fetches a few, at once again while more are due. Pictures given by an admin's edit or an
 * approval are fetched right after the reply too; this takes the rest (an import's, those that failed, those a
 * migration found stored by their address).
 */
export function startPictureFetching(db: Db, limits: Partial<TitleFetchLimits> = {}): BackgroundLoop {
  return startBackgroundLoop('Pictures', LOOK_EVERY_MS, async () => {
    if ((await givenPicturesDue(db, 1)).length === 0) return undefined;
    const leased = await withLease(db, LEASE, LEASE_MS, async () => {
      const due = await givenPicturesDue(db, PICTURES_PER_ROUND);
      const tally = await fetchPictures(db, due, limits);
      // Again at once only when every one was tried and recorded (no error left one due).
      return due.length === PICTURES_PER_ROUND && Object.values(tally).reduce((sum, n) => sum + n, 0) === due.length;
    });
    return leased.ran && leased.value ? 0 : undefined;
  });
}
