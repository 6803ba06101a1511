import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, failure, newUserId, type TestDb } from '../../tests/setup/db.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { follows, tags } from '../schema.ts';
import { exportAccount } from '../account-data/account-export.ts';
import { changeDigest, followTag, listFollows, markFollowsSeen, unfollowTag } from './follows.ts';
import { FOLLOWS_PER_USER } from './validation/follows.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const user = (name?: string) => newUserId(t.db, name);
async function addContent(category: string[]): Promise<void> {
  const id = newId();
  const input = contentInput.parse({
    name: `Course ${id}`,
    slug: `course-${id}`,
    url: `https://${id}.example.org/`,
    description: 'A course.',
    category,
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
}

describe('follows', () => {
  it('follow a tag once, answer the digest question in the same write, and unfollow', async () => {
    const ada = await user();
    const first = await followTag(t.db, ada, 'category', 'web-development', { digest: 'true' });
    expect(first.follows).toMatchObject([
      { kind: 'category', value: 'web-development', label: 'Web Development', newCount: 0 },
    ]);
    expect(first.digest).toEqual({ weekly: true, asked: true });
    expect((await followTag(t.db, ada, 'category', 'web-development')).total).toBe(1);
    expect((await unfollowTag(t.db, ada, 'category', 'web-development')).total).toBe(0);
    expect((await unfollowTag(t.db, ada, 'category', 'web-development')).total).toBe(0);
    expect((await listFollows(t.db, await user('Bob'))).digest).toEqual({ weekly: false, asked: false });
  });

  it('refuse unknown tags and bad answers as 4xx errors with a message', async () => {
    const ada = await user();
    expect(await failure(followTag(t.db, ada, 'colour', 'red'))).toEqual({
      code: 'NOT_FOUND',
      message: 'Tag not found',
    });
    expect(await failure(followTag(t.db, ada, 'category', 'no-such-tag'))).toEqual({
      code: 'NOT_FOUND',
      message: 'Tag not found',
    });
    expect(await failure(followTag(t.db, ada, 'category', 'web-development', { digest: 'perhaps' }))).toMatchObject({
      code: 'VALIDATION',
    });
    expect(await failure(changeDigest(t.db, ada, {}))).toMatchObject({ code: 'VALIDATION' });
  });

  it('count what is new in each tag since the Following page was last opened', async () => {
    const ada = await user();
    await followTag(t.db, ada, 'category', 'web-development');
    await addContent(['Web Development']);
    await addContent(['Web Development']);
    expect((await listFollows(t.db, ada)).follows[0]!.newCount).toBe(2);
    await markFollowsSeen(t.db, ada);
    expect((await listFollows(t.db, ada)).follows[0]!.newCount).toBe(0);
  });

  it(`stop at ${FOLLOWS_PER_USER} tags with a message saying what to do`, async () => {
    const ada = await user();
    const rows = Array.from({ length: FOLLOWS_PER_USER }, (_, i) => ({
      kind: 'category' as const,
      value: `topic-${i}`,
      label: `Topic ${i}`,
    }));
    const made = await t.db.insert(tags).values(rows).returning({ id: tags.id });
    await t.db.insert(follows).values(made.map((tag) => ({ userId: ada, tagId: tag.id })));
    expect(await failure(followTag(t.db, ada, 'category', 'web-development'))).toEqual({
      code: 'CONFLICT',
      message: `You can follow at most ${FOLLOWS_PER_USER} tags: unfollow one on your Following page first`,
    });
    // Following one already followed is not a new follow.
    expect((await followTag(t.db, ada, 'category', 'topic-0')).total).toBe(FOLLOWS_PER_USER);
  });

  it('are in the data export', async () => {
    const ada = await user();
    await followTag(t.db, ada, 'category', 'web-development', { digest: true });
    const exported = await exportAccount(t.db, ada);
    expect(exported.following).toMatchObject({
      tags: [{ kind: 'category', value: 'web-development' }],
      weeklyDigest: true,
      digestsSent: [],
    });
  });
});
