/** `skillshelf mail outbox` reads what the site put in the outbox: here a reset link, requested in-process. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUser, requestPasswordReset } from '../../db/services/users.ts';
import { createTestDb, type TestDb } from '../setup/db.ts';
import { runCli } from './harness.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await createUser(t.db, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse' });
});
afterEach(() => t.close());

const requestReset = () => requestPasswordReset(t.db, { email: 'ada@example.com' });

it('--json prints the messages, with the reset link the site sent', async () => {
  await requestReset();
  const run = await runCli(t.url, ['mail', 'outbox', '--json']);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const messages = JSON.parse(run.stdout) as { to: string; subject: string; text: string; createdAt: string }[];
  expect(messages).toEqual([
    expect.objectContaining({ to: 'ada@example.com', subject: 'Reset your Skillshelf password', text: expect.stringMatching(/\/reset-password\/[a-z0-9]+/) }),
  ]);
  expect(Date.parse(messages[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
});

it('prints date, recipient, subject and the body for people', async () => {
  await requestReset();
  const run = await runCli(t.url, ['mail', 'outbox']);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}to ada@example\.com\nSubject: Reset your Skillshelf password\n\n {4}Hello Ada Lovelace,\n/);
  expect(run.stdout).toMatch(/\n {4}http:\/\/\S+\/reset-password\/[a-z0-9]+\n/);
});

it('--limit keeps the newest messages', async () => {
  await requestReset();
  await requestReset();
  const [newest] = await t.db.$client.execute('SELECT max(id) AS id FROM outbox').then((r) => r.rows);
  const run = await runCli(t.url, ['mail', 'outbox', '--json', '--limit', '1']);
  expect((JSON.parse(run.stdout) as { id: number }[]).map((m) => m.id)).toEqual([newest!.id]);
});

it('a --limit that is not a positive whole number is a usage error', async () => {
  const run = await runCli(t.url, ['mail', 'outbox', '--limit', '0']);
  expect(run).toMatchObject({ code: 2, stderr: "error: option '--limit <n>' argument '0' is invalid. Expected a whole number of at least 1.\n" });
});

it('an empty outbox says so (and --json gives an empty array)', async () => {
  expect((await runCli(t.url, ['mail', 'outbox'])).stdout).toBe('The outbox is empty.\n');
  expect(JSON.parse((await runCli(t.url, ['mail', 'outbox', '--json'])).stdout)).toEqual([]);
});
