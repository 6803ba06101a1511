/**
 * `skillshelf mail outbox` reads what the site put in the outbox (here a reset link, requested in-process)
 * with its delivery state; `mail send` and `users reset-password` deliver it over a real SMTP exchange.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../db/accounts/users.ts';
import { answerResetRequests, requestPasswordReset } from '../../db/accounts/password-resets.ts';
import { createTestDb, type TestDb } from '../setup/db.ts';
import { startSmtp, type TestSmtp } from '../setup/smtp.ts';
import { runCli } from './harness.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await createUser(t.db, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse' });
});
afterEach(() => t.close());

const requestReset = async () => {
  await requestPasswordReset(t.db, { email: 'ada@example.com' });
  await answerResetRequests(t.db);
};

it('--json prints the messages, with the reset link the site sent', async () => {
  await requestReset();
  const run = await runCli(t.url, ['mail', 'outbox', '--json']);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const messages = JSON.parse(run.stdout) as { to: string; subject: string; text: string; createdAt: string }[];
  expect(messages).toEqual([
    expect.objectContaining({
      to: 'ada@example.com',
      subject: 'Reset your Skillshelf password',
      text: expect.stringMatching(/\/reset-password\/[a-z0-9]+/),
    }),
  ]);
  expect(Date.parse(messages[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
});

it('prints date, recipient, subject, delivery status and the body for people', async () => {
  await requestReset();
  const run = await runCli(t.url, ['mail', 'outbox']);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}to ada@example\.com\nSubject: Reset your Skillshelf password\nStatus: kept here, not sent \(SMTP_URL was not set\)\n\n {4}Hello Ada Lovelace,\n/,
  );
  expect(run.stdout).toMatch(/\n {4}http:\/\/\S+\/reset-password\/[a-z0-9]+\n/);
});

it('shows where mail on its way over SMTP is: waiting, retried with the last error, sent, given up', async () => {
  const at = Date.parse('2026-11-23T10:00:00Z');
  const mail = (to: string, state: string) =>
    t.db.$client.execute(
      `INSERT INTO outbox ("to", subject, text, created_at, status, attempts, next_attempt_at, last_error, sent_at) VALUES ('${to}', 'Hi', 'Hello', ${at}, ${state})`,
    );
  await mail('new@example.com', `'pending', 0, 0, NULL, NULL`);
  await mail('retried@example.com', `'pending', 2, ${at + 60_000}, 'connect ECONNREFUSED 127.0.0.1:2525', NULL`);
  await mail('sent@example.com', `'sent', 1, 0, NULL, ${at + 1000}`);
  await mail('lost@example.com', `'failed', 8, 0, 'Invalid recipient', NULL`);
  const run = await runCli(t.url, ['mail', 'outbox']);
  const statuses = run.stdout.split('\n').filter((line) => line.startsWith('Status: ') || line.includes('  to '));
  expect(statuses).toEqual([
    '2026-11-23 10:00:00 UTC  to lost@example.com',
    'Status: not sent: gave up after 8 attempts (Invalid recipient)',
    '2026-11-23 10:00:00 UTC  to sent@example.com',
    'Status: sent 2026-11-23 10:00:01 UTC (attempt 1)',
    '2026-11-23 10:00:00 UTC  to retried@example.com',
    'Status: attempt 2 failed (connect ECONNREFUSED 127.0.0.1:2525); the next one after 2026-11-23 10:01:00 UTC',
    '2026-11-23 10:00:00 UTC  to new@example.com',
    'Status: waiting to be sent',
  ]);
  const json = JSON.parse((await runCli(t.url, ['mail', 'outbox', '--json', '--limit', '2'])).stdout) as Record<
    string,
    unknown
  >[];
  expect(json.map(({ to, status, attempts, lastError }) => ({ to, status, attempts, lastError }))).toEqual([
    { to: 'lost@example.com', status: 'failed', attempts: 8, lastError: 'Invalid recipient' },
    { to: 'sent@example.com', status: 'sent', attempts: 1, lastError: null },
  ]);
});

it('mail send refuses without SMTP_URL: the mail stays kept', async () => {
  await requestReset();
  const run = await runCli(t.url, ['mail', 'send']);
  expect(run).toMatchObject({ code: 1, stderr: 'error: SMTP_URL is not set: mail is kept in the outbox, not sent\n' });
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
  expect(run).toMatchObject({
    code: 2,
    stderr: "error: option '--limit <n>' argument '0' is invalid. Expected a whole number of at least 1.\n",
  });
});

it('an empty outbox says so (and --json gives an empty array)', async () => {
  expect((await runCli(t.url, ['mail', 'outbox'])).stdout).toBe('The outbox is empty.\n');
  expect(JSON.parse((await runCli(t.url, ['mail', 'outbox', '--json'])).stdout)).toEqual([]);
});

describe('with SMTP_URL set', () => {
  let smtp: TestSmtp;
  beforeAll(async () => (smtp = await startSmtp()));
  afterAll(() => smtp.close());

  it('users reset-password sends the mail at once, and the outbox says it was sent', async () => {
    const run = await runCli(t.url, ['users', 'reset-password', 'ada@example.com'], { SMTP_URL: smtp.url });
    expect(run).toMatchObject({
      code: 0,
      stdout: 'Sent a password-reset link to Ada Lovelace <ada@example.com> over SMTP.\n',
    });
    expect(smtp.received).toContain('ada@example.com');
    const [mail] = JSON.parse((await runCli(t.url, ['mail', 'outbox', '--json'])).stdout) as {
      status: string;
      attempts: number;
    }[];
    expect(mail).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('mail send delivers what is due, and says what became of each', async () => {
    await t.db.$client.execute(
      `INSERT INTO outbox ("to", subject, text, status) VALUES ('grace@example.com', 'Hi', 'Hello', 'pending')`,
    );
    const run = await runCli(t.url, ['mail', 'send'], { SMTP_URL: smtp.url });
    expect(run).toMatchObject({ code: 0, stdout: 'Sent the mail to grace@example.com.\n1 mail sent.\n' });
    expect(smtp.received).toContain('grace@example.com');
    expect((await runCli(t.url, ['mail', 'send'], { SMTP_URL: smtp.url })).stdout).toBe('No mail is due.\n');
  });
});
