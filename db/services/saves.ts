/** A user's saved contents (bookmarks). Saves of a deleted content go with it (foreign key cascade). */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { forbidden, notFound } from '../errors.ts';
import { contents, saves, users } from '../schema.ts';
import type { SessionUser } from './sessions.ts';

/**
 * A saved item as SPEC §3 names it (`_id` is the content's id), plus `name`, `slug` and `url`, which
 * existing clients of this API read.
 */
export interface SavedItem {
  _id: string;
  contentName: string;
  contentSlug: string;
  contentUrl: string;
  name: string;
  slug: string;
  url: string;
}

export interface UserSaves {
  numSaves: number;
  saves: SavedItem[];
}

export async function listSaves(db: Db, userId: string): Promise<UserSaves> {
  const rows = await db
    .select({ id: contents.id, name: contents.name, slug: contents.slug, url: contents.url })
    .from(saves)
    .innerJoin(contents, eq(contents.id, saves.contentId))
    .where(eq(saves.userId, userId))
    .orderBy(desc(saves.createdAt), desc(contents.seq));
  const items = rows.map((r) => ({ _id: r.id, contentName: r.name, contentSlug: r.slug, contentUrl: r.url, name: r.name, slug: r.slug, url: r.url }));
  return { numSaves: items.length, saves: items };
}

export async function countSaves(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(saves).where(eq(saves.userId, userId));
  return row?.n ?? 0;
}

/** A user's saves as another caller asks for them: only the user themself or an admin may read them. */
export async function readSaves(db: Db, caller: SessionUser, userId: string): Promise<UserSaves> {
  if (caller.id !== userId && !caller.isAdmin) throw forbidden('You can only read your own saves');
  if (caller.id !== userId) {
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) throw notFound('User not found');
  }
  return listSaves(db, userId);
}

/**
 * Saves the content, or unsaves it when already saved. Name, slug and URL always come from the content
 * row, never from the caller.
 */
export async function toggleSave(db: Db, userId: string, contentId: string): Promise<UserSaves> {
  const removed = await db.delete(saves).where(and(eq(saves.userId, userId), eq(saves.contentId, contentId))).returning();
  if (removed.length === 0) {
    // Inserts only when the content exists, in the same statement (no window for a concurrent delete).
    const added = await db
      .insert(saves)
      .select(db.select({ userId: sql`${userId}`.as('user_id'), contentId: contents.id, createdAt: sql`${Date.now()}`.as('created_at') }).from(contents).where(eq(contents.id, contentId)))
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) {
      const [exists] = await db.select({ id: contents.id }).from(contents).where(eq(contents.id, contentId));
      if (!exists) throw notFound('Content not found');
    }
  }
  return listSaves(db, userId);
}
