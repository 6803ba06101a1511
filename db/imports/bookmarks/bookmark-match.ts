/**
 * Which of a file's links the catalog already lists, by the duplicate check's identity of a resource
 * (urlKey, db/catalog/urls.ts): the same page behind another scheme, a `www.`, a trailing slash, a fragment
 * or tracking parameters is the same content. The others are waiting for review already, not web links at
 * all (javascript:, data:, file:…), on a private network, or new: offered for submission.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { contents, submissions } from '../../schema.ts';
import { cleanUrl, isHttpUrl, urlKey } from '../../catalog/urls.ts';
import { isPending } from '../../submissions/submissions.ts';
import { privateWebsiteProblem } from '../../outbound/public-addresses.ts';
import type { Bookmark } from './netscape-read.ts';

export type LinkMatch =
  | { kind: 'listed'; contentId: string }
  | { kind: 'waiting' }
  | { kind: 'new'; url: string; key: string }
  | { kind: 'not-web' }
  | { kind: 'private' };

/**
 * Links identified and looked up at a time, then the event loop is given back: a file's 10,000 links never
 * hold other requests for more than a chunk's few milliseconds (a local database answers without yielding).
 */
const CHUNK = 250;

/** The link as the catalog would store it and its identity, or undefined when it is no public web page's. */
function identify(url: string): { url: string; key: string } | { refused: 'not-web' | 'private' } {
  if (url.length > 2048 || !isHttpUrl(url)) return { refused: 'not-web' };
  if (privateWebsiteProblem(url)) return { refused: 'private' };
  const clean = cleanUrl(url);
  return { url: clean, key: urlKey(clean) };
}

/**
 * Each bookmark's match, in the file's order. `onProgress` hears how many are matched after each chunk
 * (the import's progress bar).
 */
export async function matchBookmarks(
  db: Db,
  bookmarks: readonly Bookmark[],
  onProgress: (done: number) => void = () => {},
): Promise<LinkMatch[]> {
  const identities: Array<ReturnType<typeof identify>> = [];
  for (let start = 0; start < bookmarks.length; start += CHUNK) {
    for (const bookmark of bookmarks.slice(start, start + CHUNK)) identities.push(identify(bookmark.url));
    await yieldToRequests();
  }
  const keys = [...new Set(identities.flatMap((identity) => ('key' in identity ? [identity.key] : [])))];
  const listed = new Map<string, string>();
  const waiting = new Set<string>();
  for (let start = 0; start < keys.length; start += CHUNK) {
    const chunk = keys.slice(start, start + CHUNK);
    // Reads side by side, not a batch: a libSQL server's client takes a batch with no mode for a write.
    const [found, pending] = await Promise.all([
      db.select({ id: contents.id, key: contents.urlKey }).from(contents).where(inArray(contents.urlKey, chunk)),
      db
        .select({ key: submissions.urlKey })
        .from(submissions)
        .where(and(inArray(submissions.urlKey, chunk), isPending)),
    ]);
    for (const row of found) if (row.key) listed.set(row.key, row.id);
    for (const row of pending) waiting.add(row.key);
    onProgress(Math.round((Math.min(start + CHUNK, keys.length) / Math.max(keys.length, 1)) * bookmarks.length));
    await yieldToRequests();
  }
  return identities.map((identity): LinkMatch => {
    if ('refused' in identity) return { kind: identity.refused };
    const contentId = listed.get(identity.key);
    if (contentId) return { kind: 'listed', contentId };
    return waiting.has(identity.key) ? { kind: 'waiting' } : { kind: 'new', ...identity };
  });
}
