/**
 * A submitted link's page, read when it is submitted (db/outbound/page-facts.ts): its title is offered to the
 * admin as its name, its description, picture and facts (JSON-LD's provider, time, skills…) suggested for what the
 * submitter left blank. The picture is
 * fetched and stored here at once (db/catalog/pictures.ts): the admin reviews, and an approval publishes,
 * those bytes, never the submitter's address for them. A failure is silent: the name made from the URL stays.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { submissions } from '../schema.ts';
import { nameFromUrl, slugify } from '../catalog/urls.ts';
import { fetchPageFacts } from '../outbound/page-facts.ts';
import { keepPagePicture } from '../catalog/pictures.ts';

/**
 * Fetches what the page of a just-created submission says of itself (when SUBMISSION_TITLE_FETCH is on)
 * and keeps it (`pageTitle`, `pageDescription`, and as `pageImage` the path of its picture stored here); while the submission is pending and its name
 * is still the one made from its URL, the title becomes its name (and slug). Meant to run after the reply,
 * so nobody waits for another site. Never throws.
 */
export async function nameFromPageTitle(db: Db, submission: { _id: string; url: string }): Promise<void> {
  if (config().SUBMISSION_TITLE_FETCH === 'off') return;
  try {
    const facts = await fetchPageFacts(submission.url);
    if (!facts || (!facts.title && !facts.description && !facts.image && !facts.icon && !facts.course)) return;
    const { title, description = null } = facts;
    const image = facts.image || facts.icon ? ((await keepPagePicture(db, facts)) ?? null) : null;
    const fromUrl = sql`${submissions.name} = ${nameFromUrl(submission.url)}`;
    await db
      .update(submissions)
      .set({
        pageTitle: title ?? null,
        pageDescription: description,
        pageImage: image,
        pageFacts: facts.course ? { ...facts.course } : null,
        ...(title
          ? {
              name: sql`CASE WHEN ${fromUrl} THEN ${title} ELSE ${submissions.name} END`,
              slug: sql`CASE WHEN ${fromUrl} THEN ${slugify(title)} ELSE ${submissions.slug} END`,
            }
          : {}),
      })
      .where(and(eq(submissions.id, submission._id), eq(submissions.status, 'pending')));
  } catch {
    // Silent: the URL-derived name stays.
  }
}

/** How many pages of one batch of submissions are read at once. */
const PAGES_AT_ONCE = 4;

/**
 * nameFromPageTitle for many submissions (links submitted from a bookmark import), a few pages at a time: 500
 * reads started together held the event loop for 234 ms, and would knock on many sites at once. Never throws.
 */
export async function nameFromPageTitles(db: Db, batch: ReadonlyArray<{ _id: string; url: string }>): Promise<void> {
  let next = 0;
  const reader = async () => {
    while (next < batch.length) await nameFromPageTitle(db, batch[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, batch.length) }, reader));
}
