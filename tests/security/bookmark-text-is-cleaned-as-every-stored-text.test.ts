/**
 * A bookmark import stored folder names, notes and descriptions as the file had them: bidi overrides,
 * zero-width and C1 control characters kept (`Top\u202Epicks`), and a folder named only `\u200b\u200b` became a
 * list with an invisible name. Every text of a bookmark file now goes through the cleaning every stored text
 * goes through (db/validation/text.ts), and a folder whose name is empty after it makes no list.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../db/accounts/users.ts';
import { insertContentStatements } from '../../db/catalog/content-rows.ts';
import { contentInput } from '../../db/catalog/validation/contents.ts';
import { newId } from '../../db/ids.ts';
import { importBookmarks, readBookmarkUpload } from '../../db/imports/bookmarks/bookmark-import.ts';
import { listItems, lists } from '../../db/schema.ts';
import { createTestDb, type TestDb } from '../setup/db.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

async function addContent(url: string): Promise<void> {
  const id = newId();
  const input = contentInput.parse({
    name: url,
    slug: `c-${id}`,
    url,
    description: 'A course.',
    category: ['Web Development'],
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
}

describe('a bookmark file with invisible and reordering characters', () => {
  it('stores folder names, descriptions and notes cleaned, and makes no list of a name that is only invisible', async () => {
    await addContent('https://one.example.org/');
    await addContent('https://two.example.org/');
    const ada = (
      await createUser(t.db, { name: 'Ada', email: `ada-${newId()}@example.com`, password: 'correct horse battery' })
    ).id;
    const file = new TextEncoder().encode(
      [
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>',
        '<DT><H3>Top\u202Epicks\u0085</H3><DD>Best\u200b of\u2066 the\u009b web',
        '<DL><p><DT><A HREF="https://one.example.org/">One</A><DD>Read\u202E first\u200d</DL><p>',
        '<DT><H3>\u200b\u200b</H3>',
        '<DL><p><DT><A HREF="https://two.example.org/">Two</A></DL><p>',
        '</DL><p>',
      ].join('\n'),
    );
    const result = await importBookmarks(t.db, ada, await readBookmarkUpload(t.db, ada, file));
    expect(result.saved).toBe(2);
    const stored = await t.db
      .select({ name: lists.name, description: lists.description })
      .from(lists)
      .where(eq(lists.userId, ada));
    expect(stored).toEqual([{ name: 'Toppicks', description: 'Best of the web' }]);
    const [item] = await t.db.select({ note: listItems.note }).from(listItems);
    expect(item!.note).toBe('Read first');
  });
});
