/**
 * Where a learner stands with each content: Want to learn, Learning or Done (decision 033). Personal: the
 * browser paints it on the shared catalog pages from the session state, like the bookmarks. Marking
 * Learning or Done saves the content too, in the same batch.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../client.ts';
import { notFound } from '../errors.ts';
import { contents, progress, saves } from '../schema.ts';
import type * as shapes from './lists-contract.ts';
import { parseInput } from '../validation/parse.ts';
import { listSaves } from './saves.ts';
import { progressInput } from './validation/lists.ts';

/** Marks within one millisecond tie on time; the row first marked later comes first. */
const markedOrder = sql`${progress}.rowid`;

export type UserProgress = z.infer<typeof shapes.userProgress>;
type ProgressChange = z.infer<typeof shapes.progressChange>;

export async function listProgress(db: Db, userId: string): Promise<UserProgress> {
  const rows = await db
    .select({ contentId: progress.contentId, state: progress.state, updatedAt: progress.updatedAt })
    .from(progress)
    .where(eq(progress.userId, userId))
    .orderBy(desc(progress.updatedAt), desc(markedOrder));
  return { progress: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })) };
}

/** A user's progress with each content's name and slug (their data export). */
export async function listProgressWithContents(db: Db, userId: string) {
  const rows = await db
    .select({
      content: { _id: contents.id, name: contents.name, slug: contents.slug },
      state: progress.state,
      updatedAt: progress.updatedAt,
    })
    .from(progress)
    .innerJoin(contents, eq(contents.id, progress.contentId))
    .where(eq(progress.userId, userId))
    .orderBy(desc(progress.updatedAt), desc(markedOrder));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** Marks the content; Learning or Done also saves it (kept in its place when already saved). */
export async function markProgress(db: Db, userId: string, contentId: string, input: unknown): Promise<ProgressChange> {
  const { state } = parseInput(progressInput, input);
  const now = Date.now();
  const user = sql`${userId}`.as('user_id');
  const at = (column: string) => sql`${now}`.as(column);
  const theContent = eq(contents.id, contentId);
  // Each statement inserts only when the content exists: no window for a concurrent delete.
  const mark = db
    .insert(progress)
    .select(
      db
        .select({ userId: user, contentId: contents.id, state: sql`${state}`.as('state'), updatedAt: at('updated_at') })
        .from(contents)
        .where(theContent),
    )
    .onConflictDoUpdate({ target: [progress.userId, progress.contentId], set: { state, updatedAt: new Date(now) } });
  const save = db
    .insert(saves)
    .select(
      db
        .select({ userId: user, contentId: contents.id, createdAt: at('created_at') })
        .from(contents)
        .where(theContent),
    )
    .onConflictDoNothing();
  const [marked] = await (state === 'want' ? db.batch([mark]) : db.batch([mark, save]));
  if (marked.rowsAffected === 0) throw notFound('Content not found');
  return { ...(await listProgress(db, userId)), saves: await listSaves(db, userId) };
}

export async function clearProgress(db: Db, userId: string, contentId: string): Promise<ProgressChange> {
  await db.delete(progress).where(and(eq(progress.userId, userId), eq(progress.contentId, contentId)));
  return { ...(await listProgress(db, userId)), saves: await listSaves(db, userId) };
}
