/**
 * The home page's "Most saved this month" (decision 037): the contents saved most in the last 30 days, read
 * from the count triggers keep per content (recent_save_counts), the first rows of its rank index. As days
 * pass, each server process ages the count once an hour: the saves that left the window are counted out. A
 * save refreshes the home page within the staleness bound (Deps.saves), not on every write.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contentsBySeqs } from '../catalog/catalog-reads.ts';
import { toApiContent } from '../catalog/content-rows.ts';
import type { ContentShape } from '../catalog/contract.ts';
import { declare } from '../catalog/search/deps.ts';
import { startBackgroundLoop, type BackgroundLoop } from '../operations/background-loop.ts';

export const MOST_SAVED_DAYS = 30;
const DAY_MS = 86_400_000;
const AGE_EVERY_MS = 60 * 60 * 1000;

/** The contents most saved in the window, most saves first, then the latest saved. */
export async function mostSavedThisMonth(db: Db, limit: number): Promise<ContentShape[]> {
  const ranked = await db.all<{ seq: number }>(sql`
    SELECT c.seq AS seq FROM recent_save_counts r JOIN contents c ON c.id = r.content_id
    ORDER BY r.saves DESC, r.latest DESC LIMIT ${limit}`);
  const seqs = ranked.map((row) => Number(row.seq));
  declare({ saves: true, cards: seqs });
  return (await contentsBySeqs(db, seqs)).map(toApiContent);
}

/**
 * Moves the window's start to 30 days before `now`, counting out the saves it passes (a range of the saves'
 * (created_at, content_id) index: an hour's saves), in one transaction; a 'saved' change refreshes the home
 * page when a count moved. Safe to run from every process at once: a window already moved moves no further.
 */
export async function ageRecentSaves(db: Db, now = new Date()): Promise<void> {
  const until = now.getTime() - MOST_SAVED_DAYS * DAY_MS;
  const aged = sql`SELECT content_id, count(*) AS n FROM saves
    WHERE created_at > (SELECT since FROM recent_saves_window) AND created_at <= ${until} GROUP BY content_id`;
  await db.batch([
    db.run(sql`INSERT INTO catalog_changes(kind) SELECT 'saved' WHERE EXISTS (${aged})`),
    db.run(
      sql`UPDATE recent_save_counts SET saves = saves - aged.n FROM (${aged}) AS aged WHERE recent_save_counts.content_id = aged.content_id`,
    ),
    db.run(sql`DELETE FROM recent_save_counts WHERE saves <= 0`),
    db.run(sql`UPDATE recent_saves_window SET since = max(since, ${until})`),
  ]);
}

/** Ages the counts at start and then once an hour. */
export function startSaveCountAging(db: Db): BackgroundLoop {
  return startBackgroundLoop('Most saved this month', AGE_EVERY_MS, async () => {
    await ageRecentSaves(db);
    return undefined;
  });
}
