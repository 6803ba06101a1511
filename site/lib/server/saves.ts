/** What a page needs to draw bookmark toggles right on first paint. */
import type { Db } from '#db/client.ts';
import { listSaves } from '#db/services/saves.ts';

/** The ids of the contents the user has saved; empty for a visitor (whose pages may be cached and shared). */
export async function savedContentIds(db: Db, user: { id: string } | null | undefined): Promise<Set<string>> {
  if (!user) return new Set();
  const { saves } = await listSaves(db, user.id);
  return new Set(saves.map((item) => item._id));
}
