import { eq, gt } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, newUserId, type TestDb } from '../../tests/setup/db.ts';
import { catalogChanges, coSaveQueue, coSaves, contents, recentSaveCounts, users as userRows } from '../schema.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { ageRecentSaves, mostSavedThisMonth } from './most-saved.ts';
import { CO_SAVE_MIN_USERS, CO_SAVE_RECENT_SAVES, countDueCoSaves } from './co-saves.ts';
import { coSavedWith, relatedResources } from './related.ts';
import { saveContent, toggleSave, unsaveContent } from '../shelf/saves.ts';

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
const user = (name?: string) => newUserId(t.db, name);
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
const latestChange = async () =>
  (await t.db.select({ seq: catalogChanges.seq }).from(catalogChanges).orderBy(catalogChanges.seq)).at(-1)?.seq ?? 0;
const changesAfter = (seq: number, kind: string) =>
  t.db
    .select()
    .from(catalogChanges)
    .where(gt(catalogChanges.seq, seq))
    .then((rows) => rows.filter((row) => row.kind === kind).map((row) => row.contentSeq));
const seqOf = async (id: string) =>
  (await t.db.select({ seq: contents.seq }).from(contents).where(eq(contents.id, id)))[0]!.seq;

describe('co-saves', () => {
  const DAY = 86_400_000;
  /** The job's round as the server runs it, `days` from now: accounts made today are established after 7. */
  const countAfter = (days: number) => countDueCoSaves(t.db, Date.now() + days * DAY);
  const saveBoth = async (users: string[], pair: string[]) => {
    for (const u of users) for (const content of pair) await saveContent(t.db, u, content);
  };

  it(`count a pair once ${CO_SAVE_MIN_USERS} established users saved both, and not once one of them unsaves`, async () => {
    const [a, b] = [await addContent(), await addContent()];
    const users = await Promise.all(Array.from({ length: CO_SAVE_MIN_USERS }, (_, i) => user(`Learner${i}`)));
    await saveBoth(users.slice(0, -1), [a, b]);
    await saveContent(t.db, users.at(-1)!, a);
    await countAfter(8);
    expect(await coSavedWith(t.db, a)).toEqual([]);
    const before = await latestChange();
    await toggleSave(t.db, users.at(-1)!, b);
    // Not live: the pair is counted by the job's next round after the delay.
    expect(await coSavedWith(t.db, a)).toEqual([]);
    await countAfter(8);
    expect(ids(await coSavedWith(t.db, a))).toEqual([b]);
    expect(ids(await coSavedWith(t.db, b))).toEqual([a]);
    // The crossing names both pages; the save names its content for the home page.
    expect((await changesAfter(before, 'related')).sort()).toEqual([await seqOf(a), await seqOf(b)].sort());
    expect(await changesAfter(before, 'saved')).toEqual([await seqOf(b)]);

    const crossed = await latestChange();
    await unsaveContent(t.db, users[0]!, a);
    await countAfter(8);
    expect(await coSavedWith(t.db, a)).toEqual([]);
    expect(await changesAfter(crossed, 'related')).toHaveLength(2);
    expect(await t.db.select().from(coSaves)).toEqual([
      { contentA: [a, b].sort()[0], contentB: [a, b].sort()[1], users: CO_SAVE_MIN_USERS - 1 },
    ]);
  });

  it('count an account only once it is 7 days old, and a change only an hour after it was made', async () => {
    const [a, b] = [await addContent(), await addContent()];
    const users = await Promise.all(Array.from({ length: CO_SAVE_MIN_USERS }, (_, i) => user(`New${i}`)));
    await saveBoth(users, [a, b]);
    // Fresh accounts count nothing, however many: they stay queued until they are established.
    expect((await countDueCoSaves(t.db, Date.now() + 2 * 3_600_000)).counted).toBe(CO_SAVE_MIN_USERS);
    expect(await t.db.select().from(coSaves)).toEqual([]);
    expect(await t.db.select().from(coSaveQueue)).toHaveLength(CO_SAVE_MIN_USERS);
    expect((await countDueCoSaves(t.db, Date.now() + 6 * DAY)).counted).toBe(0);
    await countAfter(7.1);
    expect(ids(await coSavedWith(t.db, a))).toEqual([b]);
    expect(await t.db.select().from(coSaveQueue)).toEqual([]);
    // An established user's unsave waits its hour (the clock moved on from the changes, not the accounts' ages).
    await unsaveContent(t.db, users[0]!, a);
    const established = { accountAgeMs: 0, delayMs: 3_600_000 };
    expect((await countDueCoSaves(t.db, Date.now() + 59 * 60_000, established)).counted).toBe(0);
    expect(ids(await coSavedWith(t.db, a))).toEqual([b]);
    expect((await countDueCoSaves(t.db, Date.now() + 61 * 60_000, established)).counted).toBe(1);
    expect(await coSavedWith(t.db, a)).toEqual([]);
  });

  it(`add a constant per save, and at most the pairs among a user’s ${CO_SAVE_RECENT_SAVES} most recent saves`, async () => {
    const many = await Promise.all(Array.from({ length: CO_SAVE_RECENT_SAVES + 30 }, () => addContent()));
    const ada = await user('Ada');
    for (const [i, content] of many.entries())
      await saveContent(t.db, ada, content, { savedAt: new Date(Date.now() - (many.length - i) * 1000).toISOString() });
    expect(await t.db.select().from(coSaves)).toEqual([]);
    await countAfter(8);
    const pairs = await t.db.select().from(coSaves);
    expect(pairs).toHaveLength((CO_SAVE_RECENT_SAVES * (CO_SAVE_RECENT_SAVES - 1)) / 2);
    const recent = new Set(many.slice(-CO_SAVE_RECENT_SAVES));
    expect(pairs.every((pair) => recent.has(pair.contentA) && recent.has(pair.contentB))).toBe(true);
    // Recounting after one more save moves only the pairs that changed: the oldest counted save's leave.
    await saveContent(t.db, ada, await addContent());
    await countAfter(8);
    const after = await t.db.select().from(coSaves);
    expect(after).toHaveLength(pairs.length);
    expect(after.every((pair) => pair.users === 1)).toBe(true);
  });

  it('lose a deleted account’s pairs at the next round, and a deleted content’s at once', async () => {
    const [a, b, c] = [await addContent(), await addContent(), await addContent()];
    const [ada, bob] = [await user('Ada'), await user('Bob')];
    await saveBoth([ada, bob], [a, b, c]);
    await countAfter(8);
    expect(await t.db.select().from(coSaves)).toHaveLength(3);
    await t.db.delete(contents).where(eq(contents.id, c));
    expect(await t.db.select().from(coSaves)).toHaveLength(1);
    // A gone account is due at once, whatever the delay.
    await t.db.delete(userRows).where(eq(userRows.id, ada));
    await countDueCoSaves(t.db, Date.now());
    expect(await t.db.select().from(coSaves)).toEqual([
      { contentA: [a, b].sort()[0], contentB: [a, b].sort()[1], users: 1 },
    ]);
    await t.db.delete(userRows).where(eq(userRows.id, bob));
    await countDueCoSaves(t.db, Date.now());
    expect(await t.db.select().from(coSaves)).toEqual([]);
    expect(await t.db.select().from(coSaveQueue)).toEqual([]);
  });
});

describe('more in a subject', () => {
  it('weights each shared tag by its rarity, then the rating; the content itself and the co-saved are left out', async () => {
    const page = await addContent({ techStack: ['Elixir', 'JavaScript'], type: ['Course'] });
    const sharesRare = await addContent({ techStack: ['Elixir'] });
    const sharesCommon = await addContent({ techStack: ['JavaScript'], type: ['Course'] });
    for (let i = 0; i < 6; i++) await addContent({ techStack: ['JavaScript'], type: ['Course'] });
    const otherSubject = await addContent({
      category: ['Data Science'],
      techStack: ['Elixir', 'JavaScript'],
      type: ['Course'],
    });
    const related = await relatedResources(t.db, {
      _id: page,
      category: [{ value: 'web-development', label: 'Web Development' }],
    });
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

    const changes = async () =>
      (await t.db.select().from(catalogChanges).where(eq(catalogChanges.kind, 'saved'))).length;
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
