import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, newUserId, type TestDb } from '../../tests/setup/db.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { createUser } from '../accounts/users.ts';
import { eq } from 'drizzle-orm';
import { digestSends, outbox, users } from '../schema.ts';
import { changeDigest, followTag, readDigestSetting } from './follows.ts';
import { composeDigest, digestMail, isoWeek, sendDigests, unsubscribeByToken } from './digest.ts';
import { DIGEST_MAX_ITEMS } from './validation/follows.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const user = (name?: string) => newUserId(t.db, name);
let n = 0;
async function addContent(category: string[]): Promise<void> {
  const id = newId();
  n++;
  const input = contentInput.parse({
    name: `Course ${n}`,
    slug: `course-${n}`,
    url: `https://${id}.example.org/`,
    description: 'A course.',
    category,
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
}
const HOUR = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR);

describe('isoWeek', () => {
  it('names the ISO 8601 week, Monday to Sunday, across a year’s end', () => {
    expect(isoWeek(new Date('2026-11-28T12:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2025-12-29T00:00:00Z'))).toBe('2026-W01');
  });
});

describe('the weekly digest', () => {
  it('groups the new contents by followed tag, each content once, newest first', async () => {
    const ada = await user();
    await followTag(t.db, ada, 'category', 'web-development', { digest: true });
    await followTag(t.db, ada, 'category', 'data-science');
    await addContent(['Web Development']);
    await addContent(['Data Science', 'Web Development']);
    await addContent(['Data Science']);
    await addContent(['Mobile Development']);
    const groups = await composeDigest(t.db, ada, new Date(Date.now() - HOUR));
    expect(groups.map((g) => [g.tag.label, g.contents.map((c) => c.name)])).toEqual([
      ['Data Science', ['Course 3', 'Course 2']],
      ['Web Development', ['Course 1']],
    ]);
  });

  it(`names at most ${DIGEST_MAX_ITEMS} contents`, async () => {
    const ada = await user();
    await followTag(t.db, ada, 'category', 'web-development', { digest: true });
    for (let i = 0; i < DIGEST_MAX_ITEMS + 3; i++) await addContent(['Web Development']);
    const groups = await composeDigest(t.db, ada, new Date(Date.now() - HOUR));
    expect(groups[0]!.contents).toHaveLength(DIGEST_MAX_ITEMS);
  });

  it('is sent once a week to subscribers with something new, with a one-click unsubscribe', async () => {
    const ada = await user();
    const bob = await user('Bob');
    const eve = await user('Eve');
    await followTag(t.db, ada, 'category', 'web-development', { digest: true });
    await followTag(t.db, bob, 'category', 'data-science', { digest: true });
    await followTag(t.db, eve, 'category', 'web-development', { digest: false });
    await addContent(['Web Development']);
    expect(await sendDigests(t.db, { now: inAnHour(), dryRun: true })).toMatchObject({
      sent: 1,
      nothingNew: 1,
      alreadySent: 0,
    });
    expect(await t.db.select().from(outbox)).toHaveLength(0);
    expect(await sendDigests(t.db, { now: inAnHour() })).toMatchObject({ sent: 1, nothingNew: 1, alreadySent: 0 });
    expect(await sendDigests(t.db, { now: inAnHour() })).toMatchObject({ sent: 0, nothingNew: 1, alreadySent: 1 });
    const [mail] = await t.db.select().from(outbox);
    expect(mail!.to).toMatch(/^ada-/i);
    expect(mail!.text).toContain('Web Development');
    expect(mail!.text).toContain('/content/course-');
    expect(mail!.html).toContain('<h2>');
    const token = /unsubscribe\?token=([a-z0-9]+)>/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await unsubscribeByToken(t.db, token);
    expect(await readDigestSetting(t.db, ada)).toEqual({ weekly: false, asked: true });
    await expect(unsubscribeByToken(t.db, 'not-a-token')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('goes to no address that is not verified yet, and to it once it is', async () => {
    const unverified = (
      await createUser(
        t.db,
        { name: 'Uma', email: `uma-${newId()}@example.com`, password: 'correct horse battery' },
        { verified: false },
      )
    ).id;
    await followTag(t.db, unverified, 'category', 'web-development', { digest: true });
    await addContent(['Web Development']);
    expect(await sendDigests(t.db, { now: inAnHour() })).toMatchObject({ sent: 0 });
    expect(await t.db.select().from(outbox)).toHaveLength(0);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unverified));
    expect(await sendDigests(t.db, { now: inAnHour() })).toMatchObject({ sent: 1 });
  });

  it('sends nothing when nothing is new, and next week only what came after the last one', async () => {
    const ada = await user();
    await followTag(t.db, ada, 'category', 'web-development', { digest: true });
    expect(await sendDigests(t.db, { now: inAnHour() })).toMatchObject({ sent: 0, nothingNew: 1 });
    await addContent(['Web Development']);
    const sentAt = inAnHour();
    await sendDigests(t.db, { now: sentAt });
    // A week after that run, not after now: on a Sunday's last hour, now and now + 1 h are in different weeks.
    const nextWeek = new Date(sentAt.getTime() + 7 * 24 * HOUR);
    expect(await sendDigests(t.db, { now: nextWeek })).toMatchObject({ sent: 0, nothingNew: 1 });
    expect(await t.db.select().from(digestSends)).toHaveLength(1);
    await changeDigest(t.db, ada, { weekly: 'false' });
    expect(await sendDigests(t.db, { now: nextWeek })).toMatchObject({ sent: 0, nothingNew: 0, alreadySent: 0 });
  });

  it('escapes what users wrote in its HTML', () => {
    const mail = digestMail(
      { id: 'ada', name: '<b>Ada</b>', email: 'ada@example.com' },
      [
        {
          tag: { kind: 'category', value: 'x', label: 'X & Y' },
          contents: [{ name: '<script>', slug: 's', description: '' }],
        },
      ],
      'tok',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Ada');
    expect(mail.text).toContain('<script>');
  });
});
