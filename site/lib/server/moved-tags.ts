/**
 * Links to tags renamed or merged away (/search?category=old-value) answer 301 to the tag's value now, so
 * bookmarks, shared links and search engines follow the change (db/catalog/tags/tag-changes.ts keeps the aliases).
 */
import type { Db } from '#db/client.ts';
import { currentTagValues } from '#db/catalog/tags/tags.ts';
import { TAG_KINDS } from '#db/catalog/taxonomy.ts';

/** Where a catalog URL naming moved tag values lives now (path and query), or undefined if it has not moved. */
export async function movedTagUrl(db: Db, url: URL): Promise<string | undefined> {
  if (!TAG_KINDS.some((kind) => url.searchParams.has(kind))) return undefined;
  const current = await currentTagValues(db);
  const moved = new URLSearchParams();
  let changed = false;
  for (const [key, value] of url.searchParams) {
    const now = (TAG_KINDS as readonly string[]).includes(key)
      ? (current(key as (typeof TAG_KINDS)[number], value) ?? value)
      : value;
    changed ||= now !== value;
    // In place, so the address keeps its order; a value twice (two old names merged) once.
    if (!moved.getAll(key).includes(now)) moved.append(key, now);
  }
  return changed ? `${url.pathname}?${moved}` : undefined;
}
