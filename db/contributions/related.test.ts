import { eq, gt } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { catalogChanges, coSaves, contents, recentSaveCounts, users as userRows } from '../schema.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { createUser } from '../accounts/users.ts';
import { ageRecentSaves, mostSavedThisMonth } from './most-saved.ts';
import { CO_SAVE_MIN_USERS, coSavedWith, relatedResources } from './related.ts';
import { saveContent, toggleSave, unsaveContent } from './saves.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

let n = 0;
async function addContent(tags: { category?: string[]; techStack?: string[]; type?: string[] } = {}): Promise<string> {
  const id = newId();
  n++;
  const input = contentInput.parse({
    name: `Course ${n}`,
    slug: `course-${n}-${id}`,
    url: `https://course-${id}.example.org/`,
    description: 'A course.',
    category: tags.category ?? ['Web Development'],
    techStack: tags.techStack ?? [],
    type: tags.type ?? [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
  return id;
}
const user = async (name: string) => (await createUser(t.db, { name, email: `${name}-${newId()}@example.com`, password: 'correct horse battery' })).id;
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
const latestChange = async () => (await t.db.select({ seq: catalogChanges.seq }).from(catalogChanges).orderBy(catalogChanges.seq)).at(-1)?.seq ?? 0;
const changesAfter = (seq: number, kind: string) =>
  t.db
    .select()
    .from(catalogChanges)
    .where(gt(catalogChanges.seq, seq))
    .then((rows) => rows.filter((row) => row.kind === kind).map((row) => row.contentSeq));
const seqOf = async (id: string) => (await t.db.select({ seq: contents.seq }).from(contents).where(eq(contents.id, id)))[0]!.seq;

describe('co-saves', () => {
  it(`count a pair only once ${CO_SAVE_MIN_USERS} users saved both, and not once one of them unsaves`, async () => {
    const [a, b] = [await addContent(), await addContent()];
    const users = [await user('Ada'), await user('Bob'), await user('Cy')];
    for (const u of users.slice(0, 2)) for (const content of [a, b]) await saveContent(t.db, u, content);
    await saveContent(t.db, users[2]!, a);
    expect(await coSavedWith(t.db, a)).toEqual([]);
    const before = await latestChange();
    await toggleSave(t.db, users[2]!, b);
    expect(ids(await coSavedWith(t.db, a))).toEqual([b]);
    expect(ids(await coSavedWith(t.db, b))).toEqual([a]);
    // The crossing names both pages; the save names its content for the home page.
    expect((await changesAfter(before, 'related')).sort()).toEqual([await seqOf(a), await seqOf(b)].sort());
    expect(await changesAfter(before, 'saved')).toEqual([await seqOf(b)]);

    const crossed = await latestChange();
    await unsaveContent(t.db, users[0]!, a);
    expect(await coSavedWith(t.db, a)).toEqual([]);
    expect(await changesAfter(crossed, 'related')).toHaveLength(2);
    expect(await t.db.select().from(coSaves)).toEqual([{ contentA: [a, b].sort()[0], contentB: [a, b].sort()[1], users: 2 }]);
    // A pair below the threshold moves no page: only the home page's save counts.
    const below = await latestChange();
    await unsaveContent(t.db, users[1]!, a);
    expect(await changesAfter(below, 'related')).toEqual([]);
  });

  it('lose a deleted account’s pairs, and a pair no user holds is gone', async () => {
    const [a, b] = [await addContent(), await addContent()];
    const ada = await user('Ada');
    await saveContent(t.db, ada, a);
    await saveContent(t.db, ada, b);
    expect(await t.db.select().from(coSaves)).toHaveLength(1);
    // The account's rows go by the cascade: each save's trigger counts its pairs down.
    await t.db.delete(userRows).where(eq(userRows.id, ada));
    expect(await t.db.select().from(coSaves)).toEqual([]);
  });
});

describe('more in a subject', () => {
  it('weights each shared tag by its rarity, then the rating; the content itself and the co-saved are left out', async () => {
    const page = await addContent({ techStack: ['Elixir', 'JavaScript'], type: ['Course'] });
    const sharesRare = await addContent({ techStack: ['Elixir'] });
    const sharesCommon = await addContent({ techStack: ['JavaScript'], type: ['Course'] });
    for (let i = 0; i < 6; i++) await addContent({ techStack: ['JavaScript'], type: ['Course'] });
    const otherSubject = await addContent({ category: ['Data Science'], techStack: ['Elixir', 'JavaScript'], type: ['Course'] });
    const related = await relatedResources(t.db, { _id: page, category: [{ value: 'web-development', label: 'Web Development' }] });
    expect(related.subject?.label).toBe('Web Development');
    const shown = related.moreInSubject.map((content) => content._id);
    expect(shown).toHaveLength(4);
    expect(shown[0]).toBe(sharesRare);
    expect(shown[1]).toBe(sharesCommon);
    expect(shown).not.toContain(page);
    expect(shown).not.toContain(otherSubject);
    expect(related.coSaved).toEqual([]);
  });
});

describe('most saved this month', () => {
  it('counts the saves of the last 30 days, most first', async () => {
    const [a, b, c] = [await addContent(), await addContent(), await addContent()];
    const [ada, bob] = [await user('Ada'), await user('Bob')];
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await saveContent(t.db, ada, a, { savedAt: longAgo });
    await saveContent(t.db, bob, a, { savedAt: longAgo });
    await saveContent(t.db, ada, b);
    await saveContent(t.db, bob, b);
    await saveContent(t.db, ada, c);
    expect((await mostSavedThisMonth(t.db, 4)).map((content) => content._id)).toEqual([b, c]);
  });

  it('ages the count: saves older than 30 days count out, an unsave counts out once, and the home page is told', async () => {
    const [a, b] = [await addContent(), await addContent()];
    const [ada, bob, cy] = [await user('Ada'), await user('Bob'), await user('Cy')];
    const ago = (ms: number) => ({ savedAt: new Date(Date.now() - ms).toISOString() });
    await saveContent(t.db, ada, a, ago(3000));
    await saveContent(t.db, bob, a, ago(2000));
    await saveContent(t.db, cy, b, ago(1000));
    const ranked = async () => (await mostSavedThisMonth(t.db, 4)).map((content) => content._id);
    expect(await ranked()).toEqual([a, b]);
    await unsaveContent(t.db, bob, a);
    await unsaveContent(t.db, bob, a);
    expect(await ranked()).toEqual([b, a]);

    const changes = async () => (await t.db.select().from(catalogChanges).where(eq(catalogChanges.kind, 'saved'))).length;
    const before = await changes();
    // An hour on, nothing left the window: no change logged.
    await ageRecentSaves(t.db, new Date(Date.now() + 3_600_000));
    expect(await ranked()).toEqual([b, a]);
    expect(await changes()).toBe(before);
    // 31 days on, every save has left it; aging again changes nothing more.
    await ageRecentSaves(t.db, new Date(Date.now() + 31 * 86_400_000));
    expect(await ranked()).toEqual([]);
    expect(await changes()).toBe(before + 1);
    await ageRecentSaves(t.db, new Date(Date.now() + 31 * 86_400_000));
    expect(await changes()).toBe(before + 1);
    // An unsave of a save that left the window counts nothing out.
    await unsaveContent(t.db, ada, a);
    expect(await t.db.select().from(recentSaveCounts)).toEqual([]);
  });
});
