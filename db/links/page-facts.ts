/**
 * Facts read from a content's own page (schema.org JSON-LD or OpenGraph: provider, hours, skills,
 * prerequisites, last updated), after a link check found the page answering: the same outbound policy and
 * limits as a submission's page (db/outbound/page-facts.ts). Kept as suggestions for the admin, who accepts them
 * into the content's facts on its edit page; this never writes a content's facts, so nothing an admin set is
 * overwritten. A page is read again when its URL changes, or after FACTS_REREAD_DAYS.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../client.ts';
import { notFound } from '../errors.ts';
import { contentPageFacts, contents } from '../schema.ts';
import { FACT_KEYS, type FactKey, factFields } from '../catalog/validation/facts.ts';
import { fetchPageFacts, type TitleFetchLimits } from '../outbound/page-facts.ts';
import type * as shapes from './contract.ts';

/** A page's facts change seldom: read again after a month (or at once when the URL changed). */
export const FACTS_REREAD_DAYS = 30;
/** How many ids one statement binds at most (a full check answers for every content). */
const ID_GROUP = 500;

export type PageFactSuggestions = z.infer<typeof shapes.pageFactSuggestions>;

/** The facts a page can give (db/outbound/course-facts.ts), as the catalog names them. */
const READ_KEYS = ['provider', 'hours', 'skills', 'prerequisites', 'lastUpdated'] as const satisfies FactKey[];

/**
 * The contents among `ids` whose page is due to be read: one of the facts a page can give is still unknown,
 * and the page was never read at its current URL, or was read long enough ago.
 */
export async function contentsWantingFacts(db: Db, ids: readonly string[], now = new Date()): Promise<string[]> {
  const rereadBefore = new Date(now.getTime() - FACTS_REREAD_DAYS * 86_400_000);
  const unknown = or(...READ_KEYS.map((key) => isNull(contents[key])));
  const wanting: string[] = [];
  for (let start = 0; start < ids.length; start += ID_GROUP) {
    const rows = await db
      .select({ id: contents.id })
      .from(contents)
      .leftJoin(contentPageFacts, eq(contentPageFacts.contentId, contents.id))
      .where(
        and(
          inArray(contents.id, ids.slice(start, start + ID_GROUP)),
          unknown,
          or(
            isNull(contentPageFacts.contentId),
            ne(contentPageFacts.url, contents.url),
            lt(contentPageFacts.readAt, rereadBefore),
          ),
        ),
      );
    wanting.push(...rows.map((row) => row.id));
  }
  return wanting;
}

/** Reads one content's page and keeps what it says of itself (or that it said nothing). Never throws. */
async function readFacts(db: Db, id: string, limits: Partial<TitleFetchLimits>): Promise<boolean | undefined> {
  try {
    const [row] = await db.select({ url: contents.url }).from(contents).where(eq(contents.id, id));
    if (!row) return undefined;
    const page = await fetchPageFacts(row.url, limits);
    const facts = page?.course && Object.keys(page.course).length > 0 ? { ...page.course } : null;
    const value = { url: row.url, facts, readAt: new Date() };
    await db
      .insert(contentPageFacts)
      .select(
        db
          .select({
            contentId: contents.id,
            url: sql`${value.url}`.as('url'),
            facts: sql`${facts === null ? null : JSON.stringify(facts)}`.as('facts'),
            readAt: sql`${value.readAt.getTime()}`.as('read_at'),
          })
          .from(contents)
          .where(eq(contents.id, id)),
      )
      .onConflictDoUpdate({ target: contentPageFacts.contentId, set: value });
    return facts !== null;
  } catch {
    return undefined;
  }
}

/** Reads the pages of `ids` a few at a time (each is a visit to another site); how many gave facts. */
export async function readPageFacts(
  db: Db,
  ids: readonly string[],
  limits: Partial<TitleFetchLimits> = {},
  parallel = 4,
): Promise<{ read: number; withFacts: number }> {
  const tally = { read: 0, withFacts: 0 };
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const found = await readFacts(db, id, limits);
      if (found === undefined) continue;
      tally.read++;
      if (found) tally.withFacts++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, ids.length) }, worker));
  return tally;
}

/**
 * What the content's page suggests for the facts the content does not have (each read as the catalog takes
 * it; anything it would refuse is left out), when the page was read at its current URL.
 */
export async function pageFactSuggestions(db: Db, contentId: string): Promise<PageFactSuggestions> {
  const [row] = await db
    .select({ content: contents, read: contentPageFacts })
    .from(contents)
    .leftJoin(contentPageFacts, eq(contentPageFacts.contentId, contents.id))
    .where(eq(contents.id, contentId));
  if (!row) throw notFound('Content not found');
  const read = row.read?.url === row.content.url ? row.read : null;
  const suggested: PageFactSuggestions['suggested'] = {};
  for (const key of FACT_KEYS) {
    const given = read?.facts?.[key];
    if (row.content[key] !== null || given === undefined) continue;
    const parsed = factFields[key].safeParse(given);
    if (parsed.success && parsed.data !== null && parsed.data !== undefined)
      (suggested as Record<string, unknown>)[key] = parsed.data;
  }
  return { readAt: read ? read.readAt.toISOString() : null, url: read?.url ?? null, suggested };
}
