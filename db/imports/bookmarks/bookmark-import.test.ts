import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, newUserId, type TestDb } from '../../../tests/setup/db.ts';
import { contents, listItems, lists, rateLimits, saves, submissions } from '../../schema.ts';
import { newId } from '../../ids.ts';
import { insertContentStatements } from '../../catalog/content-rows.ts';
import { contentInput } from '../../catalog/validation/contents.ts';
import { createList } from '../../shelf/lists.ts';
import { addListItem } from '../../shelf/list-items.ts';
import { listSaves } from '../../shelf/saves.ts';
import { createSubmission } from '../../submissions/submissions.ts';
import { matchBookmarks } from './bookmark-match.ts';
import { importBookmarks, readBookmarkUpload } from './bookmark-import.ts';
import { offerForSubmission } from './bookmark-offer.ts';
import { readBookmarkFile } from './netscape-read.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const chromium = readFileSync(new URL('../../../tests/fixtures/chromium-bookmarks.html', import.meta.url));
const HEAD = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n';
const bytes = (body: string) => new TextEncoder().encode(`${HEAD}${body}</DL><p>\n`);

async function addContent(url: string, name = url): Promise<string> {
  const id = newId();
  const input = contentInput.parse({
    name,
    slug: `c-${id}`,
    url,
    description: 'A course.',
    category: ['Web Development'],
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
  return id;
}
const user = (name?: string) => newUserId(t.db, name);
const itemsOf = async (listId: string) =>
  (
    await t.db
      .select({ id: listItems.contentId })
      .from(listItems)
      .where(eq(listItems.listId, listId))
      .orderBy(listItems.position)
  ).map((row) => row.id);

/** The catalog the Chromium fixture's links meet: three of them listed under other spellings of their URL. */
async function catalog() {
  return {
    odin: await addContent('https://theodinproject.com', 'The Odin Project'),
    book: await addContent('https://doc.rust-lang.org/book', 'The Book'),
    async: await addContent('https://async-book.example.org/', 'Async Rust'),
    cs50: await addContent('https://cs50.example.edu/', 'CS50'),
  };
}

describe('matching bookmarks to the catalog', () => {
  it("matches by the duplicate check's identity of a URL, and sorts out what is waiting, not a web page, or private", async () => {
    const ids = await catalog();
    await createSubmission(t.db, await user('Sub'), { url: 'https://news.example.net/' });
    const { bookmarks } = readBookmarkFile(
      new TextDecoder()
        .decode(chromium)
        .replace(/<\/DL><p>\s*$/, '<DT><A HREF="http://192.168.1.1/admin">Router</A>\n</DL><p>\n'),
    );
    const matches = await matchBookmarks(t.db, bookmarks);
    expect(matches.map((m) => (m.kind === 'listed' ? m.contentId : m.kind))).toEqual([
      ids.odin,
      ids.book,
      'new',
      ids.async,
      'not-web',
      'new',
      ids.cs50,
      'waiting',
      'private',
    ]);
  });
});

describe('importing a bookmark file', () => {
  it("saves what the catalog lists, makes a folder's links a list of its name, and offers the rest once each", async () => {
    const ids = await catalog();
    const ada = await user();
    const result = await importBookmarks(t.db, ada, await readBookmarkUpload(t.db, ada, chromium));
    expect(result).toMatchObject({
      bookmarks: 8,
      saved: 4,
      alreadySaved: 0,
      waiting: 0,
      notWeb: 1,
      private: 0,
      listsRefused: [],
    });
    expect(result.lists).toEqual([
      { name: 'Rust in 30 days', created: true, added: 1, notAdded: 0 },
      { name: 'Later', created: true, added: 1, notAdded: 0 },
    ]);
    expect(result.offered).toEqual([
      { url: 'https://rustlings.example.org/exercises', title: 'Rustlings & friends', folder: 'Rust in 30 days' },
      { url: 'https://new-course.example.com/learn', title: "A course we don't list yet", folder: 'Reading <later>' },
      { url: 'https://news.example.net/', title: 'News — not about learning', folder: null },
    ]);
    // Saved as the file dated them: the newest first.
    expect((await listSaves(t.db, ada)).saves.map((s) => s._id)).toEqual([ids.cs50, ids.async, ids.book, ids.odin]);
    expect((await listSaves(t.db, ada)).saves[0]!.savedAt).toBe(new Date(1700001000 * 1000).toISOString());

    // Again: nothing new, and the lists of those names are reused, not doubled.
    const again = await importBookmarks(t.db, ada, await readBookmarkUpload(t.db, ada, chromium));
    expect(again).toMatchObject({ saved: 0, alreadySaved: 4 });
    expect(again.lists).toEqual([
      { name: 'Rust in 30 days', created: false, added: 0, notAdded: 1 },
      { name: 'Later', created: false, added: 0, notAdded: 1 },
    ]);
    expect(await t.db.select().from(lists).where(eq(lists.userId, ada))).toHaveLength(2);
  });

  it('adds to the end of an existing list of the same name (any case), after what it holds', async () => {
    const ada = await user();
    const [first, second, third] = [
      await addContent('https://one.example.org/'),
      await addContent('https://two.example.org/'),
      await addContent('https://three.example.org/'),
    ];
    const list = await createList(t.db, ada, { name: 'Reading' });
    await addListItem(t.db, ada, list._id, { contentId: second });
    await importBookmarks(
      t.db,
      ada,
      await readBookmarkUpload(
        t.db,
        ada,
        bytes(
          '<DT><H3>reading</H3><DL><p><DT><A HREF="https://three.example.org">3</A><DD>A note<DT><A HREF="https://one.example.org">1</A><DT><A HREF="https://two.example.org">2</A></DL><p>',
        ),
      ),
    );
    expect(await itemsOf(list._id)).toEqual([second, third, first]);
    const [noted] = await t.db.select({ note: listItems.note }).from(listItems).where(eq(listItems.contentId, third));
    expect(noted!.note).toBe('A note');
  });

  it('fills a folder of 300 into one list in its order, and stops a list at its 500', async () => {
    const ada = await user();
    const ids: string[] = [];
    for (let i = 0; i < 520; i++) ids.push(await addContent(`https://many-${i}.example.org/`));
    const folder = (from: number, to: number) =>
      `<DT><H3>Many</H3><DL><p>${ids
        .slice(from, to)
        .map((_, i) => `<DT><A HREF="https://many-${from + i}.example.org/">${i}</A>`)
        .join('')}</DL><p>`;
    const first = await importBookmarks(t.db, ada, await readBookmarkUpload(t.db, ada, bytes(folder(0, 300))));
    expect(first.lists).toEqual([{ name: 'Many', created: true, added: 300, notAdded: 0 }]);
    const [list] = await t.db.select().from(lists).where(eq(lists.userId, ada));
    expect(await itemsOf(list!.id)).toEqual(ids.slice(0, 300));
    const second = await importBookmarks(t.db, ada, await readBookmarkUpload(t.db, ada, bytes(folder(300, 520))));
    expect(second.lists).toEqual([{ name: 'Many', created: false, added: 200, notAdded: 20 }]);
    expect(await itemsOf(list!.id)).toEqual(ids.slice(0, 500));
  });

  it('writes nothing when any statement fails: no saves, no lists, no items', async () => {
    const ada = await user();
    await addContent('https://one.example.org/');
    await addContent('https://two.example.org/');
    await t.db.run(
      sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON list_items WHEN NEW.note = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`,
    );
    const file = await readBookmarkUpload(
      t.db,
      ada,
      bytes(
        '<DT><A HREF="https://one.example.org/">1</A><DT><H3>Doomed</H3><DL><p><DT><A HREF="https://two.example.org/">2</A><DD>boom</DL><p>',
      ),
    );
    await expect(importBookmarks(t.db, ada, file)).rejects.toThrow();
    expect(await t.db.select().from(saves).where(eq(saves.userId, ada))).toEqual([]);
    expect(await t.db.select().from(lists).where(eq(lists.userId, ada))).toEqual([]);
  });

  it('takes 5,000 links with duplicates, reporting progress to the end', async () => {
    const ada = await user();
    const listed = await addContent('https://listed.example.org/');
    const lines = Array.from({ length: 5000 }, (_, i) =>
      i % 2
        ? `<DT><A HREF="https://listed.example.org/?utm_source=${i}">Dup</A>`
        : `<DT><A HREF="https://new-${i % 100}.example.org/">New</A>`,
    );
    const steps: string[] = [];
    const result = await importBookmarks(
      t.db,
      ada,
      await readBookmarkUpload(t.db, ada, bytes(lines.join('\n'))),
      (phase, done, total) => steps.push(`${phase} ${done}/${total}`),
    );
    expect(result).toMatchObject({ bookmarks: 5000, saved: 1 });
    expect(result.offered).toHaveLength(50);
    expect(steps.at(0)).toBe('matching 0/5000');
    expect(steps.at(-1)).toBe('saving 5000/5000');
    expect((await listSaves(t.db, ada)).saves.map((s) => s._id)).toEqual([listed]);
  });
});

describe('offering the rest for submission', () => {
  it('sends each through the submission path: duplicates refused, and nothing past the hourly limit', async () => {
    const ada = await user();
    await addContent('https://listed.example.org/');
    const links = [
      { url: 'https://listed.example.org', name: 'Already listed' },
      ...Array.from({ length: 31 }, (_, i) => ({
        url: `https://offered-${i}.example.org/`,
        name: i === 0 ? '' : `Offered ${i}`,
      })),
    ];
    const result = await offerForSubmission(t.db, ada, { links });
    expect(result.results[0]).toMatchObject({
      outcome: 'duplicate',
      message: expect.stringContaining('already listed'),
    });
    // The duplicate was a submission too, as the form's: it counts against the hour's 30.
    expect(result.submitted).toBe(29);
    expect(result.results.at(-1)).toMatchObject({ outcome: 'not-sent' });
    expect(result.retryAfter).toBeGreaterThan(0);
    expect(await t.db.select().from(submissions).where(eq(submissions.userId, ada))).toHaveLength(29);
    expect((await t.db.select({ n: sql<number>`count(*)` }).from(contents))[0]!.n).toBe(1);
    // Only what was sent is counted: the hour is spent, not overdrawn by the two refused.
    const [counter] = await t.db.select({ count: rateLimits.count }).from(rateLimits);
    expect(counter?.count).toBe(30);
    const later = await offerForSubmission(t.db, ada, { links: [{ url: 'https://later.example.org/' }] });
    expect(later.results[0]).toMatchObject({ outcome: 'not-sent' });
  });

  it('refuses a link given twice in one batch as a duplicate of the first, and a bad one with its reason', async () => {
    const ada = await user();
    const result = await offerForSubmission(t.db, ada, {
      links: [
        { url: 'https://twice.example.org/course', name: 'Twice' },
        { url: 'http://127.0.0.1/admin', name: 'A router page' },
        { url: 'https://twice.example.org/course/', name: 'Twice again' },
        { url: 'https://once.example.org/', name: 'Once' },
      ],
    });
    expect(result.results.map((r) => r.outcome)).toEqual(['submitted', 'refused', 'duplicate', 'submitted']);
    expect(result.results[2]!.message).toBe("This resource was already submitted as 'Twice' and is waiting for review");
    expect(result).toMatchObject({ submitted: 2, retryAfter: null });
    const [counter] = await t.db.select({ count: rateLimits.count }).from(rateLimits);
    expect(counter?.count).toBe(3);
  });
});
