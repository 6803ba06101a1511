import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { openDb } from '../client.ts';
import journal from '../migrations/meta/_journal.json' with { type: 'json' };
import type { AppError } from '../errors.ts';
import { desc, eq, isNull } from 'drizzle-orm';
import { auditLog, contents, listItems, lists, progress, reviews, reviewVotes, saves, users } from '../schema.ts';
import type { Actor } from '../operations/audit.ts';
import { listPendingSubmissions } from '../submissions/submissions.ts';
import { urlKey } from '../catalog/urls.ts';
import { backupDatabase, databaseStats, seedDemoData, seedSyntheticData } from './maintenance.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'ops' };
const dir = () => dirname(t.url.slice('file:'.length));
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as AppError,
  );

describe('seeding', () => {
  it('puts the demo world into an empty database and records it', async () => {
    const report = await seedDemoData(t.db, actor);
    expect(report).toMatchObject({ seeded: true, users: 9 });
    expect(await t.db.$count(contents)).toBe(report.contents);
    // Every demo account counts as verified, as docs/product.md says: signing in to one shows no notice.
    expect(await t.db.$count(users, isNull(users.emailVerifiedAt))).toBe(0);
    const [seeding] = await t.db
      .select({ action: auditLog.action, targetId: auditLog.targetId, actor: auditLog.actorLabel })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(seeding).toEqual({ action: 'db.seed', targetId: 'demo', actor: 'ops (cli)' });
  });

  it('leaves the demo admin a queue with reasons and a log of their own recent work, over the last days', async () => {
    const now = Date.now();
    await seedDemoData(t.db, actor);
    const queue = await listPendingSubmissions(t.db);
    expect(queue.length).toBeGreaterThanOrEqual(4);
    expect(queue.length).toBeLessThanOrEqual(6);
    // From the demo learners, none of them a listed resource; some ready, some saying what they lack.
    const learners = await t.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, false));
    expect(queue.every((s) => learners.some((l) => l.email === s.submittedBy))).toBe(true);
    const listed = await t.db.select({ urlKey: contents.urlKey }).from(contents);
    expect(queue.filter((s) => listed.some((c) => urlKey(s.url) === c.urlKey))).toEqual([]);
    expect(queue.filter((s) => s.approvalNeeds.length === 0).length).toBeGreaterThanOrEqual(2);
    expect(queue.map((s) => s.approvalNeeds).filter((needs) => needs.length > 0)).toContainEqual(
      expect.arrayContaining(['a category']),
    );
    // The admin's entries, as the services write them, spread over the past days before the seeding's own.
    const entries = await t.db.select().from(auditLog).orderBy(auditLog.at);
    const [admin] = await t.db.select().from(users).where(eq(users.isAdmin, true));
    const admins = entries.filter((e) => e.actor === `user:${admin!.id}`);
    expect(new Set(admins.map((e) => e.action))).toEqual(new Set(['tag.create', 'tag.rename', 'content.update']));
    expect(admins.every((e) => e.actorLabel === admin!.email && e.at.getTime() < now - 24 * 60 * 60 * 1000)).toBe(true);
    expect(new Set(admins.map((e) => e.at.toISOString().slice(0, 10))).size).toBeGreaterThanOrEqual(3);
    expect(entries.at(-1)!.action).toBe('db.seed');
    // The edits corrected the contents back to what the demo's file says.
    const [edited] = await t.db
      .select()
      .from(contents)
      .where(eq(contents.id, admins.at(-1)!.targetId));
    expect(edited).toMatchObject({ name: 'Refactoring.Guru', cost: 'Free/Paid' });
  });

  it('gives the popular resources several reviews by different learners, each written for its resource', async () => {
    await seedDemoData(t.db, actor);
    const rows = await t.db
      .select({ content: contents.name, reviewer: reviews.userId, rating: reviews.rating, comment: reviews.comment })
      .from(reviews)
      .innerJoin(contents, eq(contents.id, reviews.contentId));
    const on = (name: string) => rows.filter((r) => r.content === name);
    for (const name of [
      'freeCodeCamp',
      'CS50x: Introduction to Computer Science',
      'The Odin Project',
      'Full Stack Open',
    ]) {
      const own = on(name);
      expect(own.length, name).toBeGreaterThanOrEqual(3);
      expect(new Set(own.map((r) => r.reviewer)).size, name).toBe(own.length);
    }
    expect(new Set(rows.map((r) => r.reviewer)).size).toBeGreaterThanOrEqual(6);
    // No stock sentence repeated across resources, and the stars are not all alike.
    expect(new Set(rows.map((r) => r.comment)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.rating))).toEqual(new Set([2, 3, 4, 5]));
    const [rated] = await t.db
      .select({ rating: contents.rating, numReviews: contents.numReviews })
      .from(contents)
      .where(eq(contents.name, 'freeCodeCamp'));
    expect(rated).toEqual({ rating: 4.2, numReviews: 5 });
    // Some reviews were found helpful, by others than their authors.
    const votes = await t.db
      .select({ voter: reviewVotes.userId, author: reviews.userId, helpful: reviews.helpful })
      .from(reviewVotes)
      .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId));
    expect(votes.length).toBeGreaterThan(50);
    expect(votes.filter((v) => v.voter === v.author)).toEqual([]);
    expect(Math.max(...votes.map((v) => v.helpful))).toBeGreaterThan(1);
    // The learners keep what they reviewed, and Grace follows a public learning path of six steps.
    expect(await t.db.$count(saves)).toBeGreaterThan(80);
    const [path] = await t.db.select().from(lists);
    expect(path).toMatchObject({ name: 'From zero to web developer', kind: 'path', isPublic: true });
    expect(await t.db.$count(listItems, eq(listItems.listId, path!.id))).toBe(6);
    expect(await t.db.$count(progress, eq(progress.userId, path!.userId))).toBe(4);
  });

  it('refuses a database that is not empty, saying what it holds, and adds nothing', async () => {
    await seedSyntheticData(t.db, actor, 3, {});
    const users_ = await t.db.$count(users);
    const error = await errorOf(seedDemoData(t.db, actor));
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: `The database is not empty (${users_} users, 3 contents): the demo data goes only into an empty database, so nothing was added`,
    });
    expect(await t.db.$count(contents)).toBe(3);
  });

  it('adds synthetic contents to any database, reporting progress', async () => {
    const progress: number[] = [];
    await seedDemoData(t.db, actor);
    const before = await t.db.$count(contents);
    await seedSyntheticData(t.db, actor, 700, { onProgress: (done) => progress.push(done) });
    expect(await t.db.$count(contents)).toBe(before + 700);
    expect(progress).toEqual([500, 700]);
  });
});

describe('backup', () => {
  it('writes a consistent copy that opens as a database with the same rows', async () => {
    await seedSyntheticData(t.db, actor, 20);
    const path = join(dir(), 'copy.db');
    const report = await backupDatabase(t.db, path);
    expect(report.bytes).toBeGreaterThan(0);
    const copy = createClient({ url: `file:${path}` });
    try {
      expect((await copy.execute('SELECT count(*) AS n FROM contents')).rows[0]!.n).toBe(20);
    } finally {
      copy.close();
    }
  });

  it('refuses to overwrite a file unless forced, and then replaces it whole', async () => {
    const path = join(dir(), 'existing.db');
    writeFileSync(path, 'precious');
    expect(await errorOf(backupDatabase(t.db, path))).toMatchObject({
      code: 'CONFLICT',
      message: `${path} already exists: pass --force to replace it`,
    });
    await backupDatabase(t.db, path, { force: true });
    const copy = createClient({ url: `file:${path}` });
    try {
      expect((await copy.execute('SELECT count(*) AS n FROM users')).rows[0]!.n).toBe(0);
    } finally {
      copy.close();
    }
  });

  it('a directory that does not exist is an error with its cause, and leaves no file', async () => {
    const path = join(dir(), 'missing', 'copy.db');
    const error = await errorOf(backupDatabase(t.db, path));
    expect(error).toMatchObject({ message: `Cannot write the backup to ${path}` });
    expect(error!.cause).toBeTruthy();
    expect(existsSync(path)).toBe(false);
  });

  it('from a libSQL server that cannot be reached says so and leaves no file', async () => {
    const remote = await openDb({ url: 'http://127.0.0.1:9' });
    const path = join(dirname(t.url.slice('file:'.length)), 'never.db');
    try {
      expect((await errorOf(backupDatabase(remote, path)))!.message).toBe(
        'Cannot reach the database server to back it up',
      );
      expect(existsSync(path)).toBe(false);
    } finally {
      remote.$client.close();
    }
  });
});

describe('stats', () => {
  it('counts the rows of each table and reports the file, pages and catalog version', async () => {
    await seedSyntheticData(t.db, actor, 5);
    const stats = await databaseStats(t.db);
    expect(stats.tables).toMatchObject({ contents: 5, submissions: 0, audit_log: 1, outbox: 0 });
    expect(Object.keys(stats.tables).some((name) => name.startsWith('contents_fts') || name.startsWith('__'))).toBe(
      false,
    );
    expect(stats.file).toBe(t.url.slice('file:'.length));
    expect(stats.fileBytes).toBeGreaterThan(0);
    expect(stats.walBytes).toBeGreaterThanOrEqual(0);
    expect(stats.pageSize * stats.pageCount).toBeGreaterThan(0);
    expect(stats).toMatchObject({ journalMode: 'wal', migrations: journal.entries.length });
    expect(stats.catalogVersion).toBeGreaterThan(1);
  });
});
