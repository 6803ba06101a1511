/**
 * A content page's related resources (decision 037): "Learners who saved this also saved" from the co-saved
 * pairs the co-saves job keeps (co-saves.ts, decision 039), and "More in {subject}" from the facet table's shared tags. Both
 * are read when the shared page is rendered, never per view, and declare what they show, so the page
 * follows the feed: a pair crossing the threshold drops the two pages, a card's change refreshes it.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contentsBySeqs } from '../catalog/catalog-reads.ts';
import { toApiContent } from '../catalog/content-rows.ts';
import type { ContentShape } from '../catalog/contract.ts';
import { declare } from '../catalog/search/deps.ts';
import { facetTable } from '../catalog/search/facet-table.ts';
import { moreInSubject } from '../catalog/search/related-by-tags.ts';
import type { Tag } from '../catalog/taxonomy.ts';
import { contents, type Content } from '../schema.ts';
import { CO_SAVE_MIN_USERS } from './co-saves.ts';

export { CO_SAVE_MIN_USERS };

/** Cards in each section: one row of a grid on a wide screen. */
export const RELATED_COUNT = 4;

export interface RelatedResources {
  coSaved: ContentShape[];
  subject: Tag | undefined;
  moreInSubject: ContentShape[];
}

/** The contents most often saved together with this one by at least CO_SAVE_MIN_USERS users, most users first. */
export async function coSavedWith(db: Db, contentId: string, limit = RELATED_COUNT): Promise<Content[]> {
  const pairs = await db.all<{ other: string }>(sql`
    SELECT other FROM (
      SELECT content_b AS other, users FROM co_saves WHERE content_a = ${contentId} AND users >= ${CO_SAVE_MIN_USERS}
      UNION ALL
      SELECT content_a AS other, users FROM co_saves WHERE content_b = ${contentId} AND users >= ${CO_SAVE_MIN_USERS}
    ) ORDER BY users DESC, other LIMIT ${limit}`);
  if (pairs.length === 0) return [];
  const ids = pairs.map((pair) => pair.other);
  const byId = new Map((await db.select().from(contents).where(inArray(contents.id, ids))).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Both sections for a content's page; a section with nothing in it is empty (the page leaves it out). It
 * declares the page's content (a 'related' change names it) and the cards, not the subject's list: a
 * 10,000-row import would drop every page of its subjects. A new content that would now rank in "More in"
 * shows when the page is next refreshed.
 */
export async function relatedResources(db: Db, content: { _id: string; category: Tag[] }): Promise<RelatedResources> {
  const [own] = await db.select({ seq: contents.seq }).from(contents).where(eq(contents.id, content._id));
  if (!own) return { coSaved: [], subject: undefined, moreInSubject: [] };
  const coSaved = await coSavedWith(db, content._id);
  const subject = content.category[0];
  const more = subject
    ? await contentsBySeqs(
        db,
        moreInSubject(
          await facetTable(db),
          own.seq,
          subject.value,
          RELATED_COUNT,
          new Set(coSaved.map((row) => row.seq)),
        ),
      )
    : [];
  declare({ subjects: [own.seq], cards: [...coSaved, ...more].map((row) => row.seq) });
  return { coSaved: coSaved.map(toApiContent), subject, moreInSubject: more.map(toApiContent) };
}
