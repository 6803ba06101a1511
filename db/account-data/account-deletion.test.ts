import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import {
  auditLog,
  catalogChanges,
  contents,
  linkReports,
  reviews,
  saves,
  sessions,
  submissions,
  users,
} from '../schema.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { createUser } from '../accounts/users.ts';
import { createSession, type SessionUser } from '../accounts/sessions.ts';
import { LAST_ADMIN } from '../accounts/user-admin.ts';
import { addReview } from '../reviews/reviews.ts';
import { toggleSave } from '../shelf/saves.ts';
import { deleteOwnAccount, deleteUserByAdmin, FORMER_MEMBER } from './account-deletion.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const PASSWORD = 'correct horse battery';
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

async function addContent(n: number): Promise<string> {
  const id = newId();
  const input = contentInput.parse({
    name: `Course ${n}`,
    slug: `course-${n}`,
    url: `https://course-${n}.example.org/`,
    description: 'A course.',
    category: ['Web Development'],
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
  return id;
}

/** A user with two reviews (one of a content another user reviewed too), a save, a submission, a link report and a session. */
async function busyUser(options: { isAdmin?: boolean } = {}) {
  const user = await createUser(
    t.db,
    { name: 'Ada', email: `ada-${newId()}@example.com`, password: PASSWORD },
    options,
  );
  const other = await createUser(t.db, { name: 'Bob', email: `bob-${newId()}@example.com`, password: PASSWORD });
  const me: SessionUser = { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
  const reviewed = [await addContent(1), await addContent(2)];
  await addReview(t.db, me, reviewed[0]!, { rating: 1, comment: 'Too slow.' });
  await addReview(t.db, me, reviewed[1]!, { rating: 2, comment: 'Not for me.' });
  await addReview(t.db, { id: other.id, name: other.name, email: other.email, isAdmin: false }, reviewed[0]!, {
    rating: 5,
    comment: 'Great.',
  });
  await toggleSave(t.db, user.id, reviewed[1]!);
  await t.db.insert(submissions).values({
    id: newId(),
    userId: user.id,
    name: 'Mine',
    slug: 'mine',
    url: 'https://mine.example.org/',
    urlKey: 'mine.example.org',
  });
  await t.db
    .insert(linkReports)
    .values({ contentId: reviewed[0]!, userId: user.id, url: 'https://course-1.example.org/' });
  await createSession(t.db, user.id);
  return { me, reviewed };
}

/** Everything the deletion may touch, to compare before and after. */
const everything = async () => ({
  users: await t.db.select().from(users),
  reviews: await t.db.select().from(reviews),
  contents: await t.db
    .select({ id: contents.id, rating: contents.rating, numReviews: contents.numReviews })
    .from(contents),
  saves: await t.db.select().from(saves),
  sessions: await t.db.select().from(sessions),
  linkReports: await t.db.select().from(linkReports),
  submissions: await t.db.select({ id: submissions.id, userId: submissions.userId }).from(submissions),
  audit: await t.db.select().from(auditLog),
  changes: await t.db.$count(catalogChanges),
});

describe('deleting one’s own account', () => {
  it('anonymised: the reviews keep their stars under “Former member”; the rest goes; one audit entry by the user', async () => {
    const { me, reviewed } = await busyUser();
    const totals = await t.db
      .select({ rating: contents.rating, numReviews: contents.numReviews })
      .from(contents)
      .where(inArray(contents.id, reviewed));
    expect(await deleteOwnAccount(t.db, me, { password: PASSWORD, reviews: 'anonymise' })).toEqual({
      message: 'Your account was deleted',
    });
    expect(
      await t.db
        .select({ userId: reviews.userId, name: reviews.name, rating: reviews.rating })
        .from(reviews)
        .where(inArray(reviews.rating, [1, 2])),
    ).toEqual([
      { userId: null, name: FORMER_MEMBER, rating: 1 },
      { userId: null, name: FORMER_MEMBER, rating: 2 },
    ]);
    expect(
      await t.db
        .select({ rating: contents.rating, numReviews: contents.numReviews })
        .from(contents)
        .where(inArray(contents.id, reviewed)),
    ).toEqual(totals);
    expect(await t.db.$count(users, eq(users.id, me.id))).toBe(0);
    for (const table of [saves, sessions, linkReports])
      expect(await t.db.$count(table, eq(table.userId, me.id))).toBe(0);
    expect(await t.db.select({ userId: submissions.userId }).from(submissions)).toEqual([{ userId: null }]);
    expect(
      await t.db.select({ actor: auditLog.actor, action: auditLog.action, targetId: auditLog.targetId }).from(auditLog),
    ).toEqual([{ actor: `user:${me.id}`, action: 'user.delete', targetId: me.id }]);
  });

  it('anonymised: every content the user reviewed gets a change in the feed, so its cached page is dropped', async () => {
    const { me, reviewed } = await busyUser();
    const [last] = await t.db.select({ seq: sql<number>`max(${catalogChanges.seq})` }).from(catalogChanges);
    await deleteOwnAccount(t.db, me, { password: PASSWORD, reviews: 'anonymise' });
    const changed = await t.db
      .select({ id: contents.id })
      .from(catalogChanges)
      .innerJoin(contents, eq(contents.seq, catalogChanges.contentSeq))
      // A save leaving with the account is a change of its own ('saved': the home page's most saved).
      .where(and(gt(catalogChanges.seq, last!.seq), ne(catalogChanges.kind, 'saved')));
    expect(changed.map((row) => row.id).sort()).toEqual([...reviewed].sort());
  });

  it('deleted: the reviews go with the account and their contents are recounted', async () => {
    const { me, reviewed } = await busyUser();
    await deleteOwnAccount(t.db, me, { password: PASSWORD, reviews: 'delete' });
    expect(await t.db.select({ rating: reviews.rating }).from(reviews)).toEqual([{ rating: 5 }]);
    const after = await t.db
      .select({ id: contents.id, rating: contents.rating, numReviews: contents.numReviews })
      .from(contents);
    expect(after.find((c) => c.id === reviewed[0])).toMatchObject({ rating: 5, numReviews: 1 });
    expect(after.find((c) => c.id === reviewed[1])).toMatchObject({ rating: 0, numReviews: 0 });
  });

  it('a failure half-way through the batch leaves everything as it was', async () => {
    const { me } = await busyUser();
    // The user row's delete, after the recount and the anonymising, fails.
    await t.db.run(
      sql`CREATE TRIGGER test_refuse_user_delete BEFORE DELETE ON users BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    const before = await everything();
    expect(String(await errorOf(deleteOwnAccount(t.db, me, { password: PASSWORD, reviews: 'anonymise' })))).toMatch(
      /refused by the test/,
    );
    expect(await everything()).toEqual(before);
  });

  it('a wrong password deletes nothing and names the field', async () => {
    const { me } = await busyUser();
    const before = await everything();
    expect(await errorOf(deleteOwnAccount(t.db, me, { password: 'not it at all', reviews: 'delete' }))).toMatchObject({
      code: 'VALIDATION',
      fields: { password: 'Password is incorrect' },
    });
    expect(await everything()).toEqual(before);
  });

  it('the last admin is refused and nothing is written; another admin makes it possible', async () => {
    const { me } = await busyUser({ isAdmin: true });
    const before = await everything();
    expect(await errorOf(deleteOwnAccount(t.db, me, { password: PASSWORD, reviews: 'anonymise' }))).toMatchObject({
      code: 'CONFLICT',
      message: LAST_ADMIN,
    });
    expect(await everything()).toEqual(before);
    await createUser(t.db, { name: 'Root', email: 'root@example.com', password: PASSWORD }, { isAdmin: true });
    await deleteOwnAccount(t.db, me, { password: PASSWORD, reviews: 'anonymise' });
    expect(await t.db.$count(users, eq(users.id, me.id))).toBe(0);
  });
});

describe('an admin deleting a user', () => {
  it('still takes the user’s reviews with them, recounting their contents', async () => {
    const { me, reviewed } = await busyUser();
    await deleteUserByAdmin(t.db, { kind: 'cli', name: 'root' }, me.id);
    expect(await t.db.select({ rating: reviews.rating }).from(reviews)).toEqual([{ rating: 5 }]);
    const [first] = await t.db
      .select({ rating: contents.rating, numReviews: contents.numReviews })
      .from(contents)
      .where(eq(contents.id, reviewed[0]!));
    expect(first).toEqual({ rating: 5, numReviews: 1 });
  });
});
