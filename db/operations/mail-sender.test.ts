/** The outbox's delivery against a real SMTP server, from two database clients at once as two processes would. */
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { freePort } from '../../tests/setup/server.ts';
import { openDb, type Db } from '../client.ts';
import { outbox } from '../schema.ts';
import { deliverDueMail } from './mail-sender.ts';

let smtp: SMTPServer;
let port: number;
const received: string[] = [];
/** Recipients the SMTP server refuses, as a mailbox that does not exist. */
const refused = new Set<string>();

beforeAll(async () => {
  port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      callback(
        refused.has(address.address) ? Object.assign(new Error('No such mailbox'), { responseCode: 550 }) : undefined,
      );
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

let t: TestDb;
let other: Db;
beforeEach(async () => {
  t = await createTestDb();
  other = await openDb({ url: t.url });
  received.length = 0;
});
afterEach(() => {
  other.$client.close();
  t.close();
});

const transport = () => nodemailer.createTransport({ url: `smtp://127.0.0.1:${port}` });
const queue = (db: Db, to: string, values: Partial<typeof outbox.$inferInsert> = {}) =>
  db.insert(outbox).values({ to, subject: 'Hi', text: 'Hello', status: 'pending', ...values });
const rowOf = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.to, to)))[0]!;

describe('deliverDueMail', () => {
  it('two senders on one database send each of 30 mails exactly once', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => `reader-${i}@example.com`);
    for (const to of recipients) await queue(t.db, to);
    const [mine, theirs] = await Promise.all([deliverDueMail(t.db, transport()), deliverDueMail(other, transport())]);
    // Both took part: the claims really interleaved.
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.length + theirs.length).toBe(30);
    expect([...received].sort()).toEqual([...recipients].sort());
    const rows = await t.db.select().from(outbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.text === '' && r.sentAt)).toBe(true);
  });

  it('a refused mail waits for a later attempt, with the error; after the last attempt it has failed', async () => {
    refused.add('gone@example.com');
    await queue(t.db, 'gone@example.com');
    const started = Date.now();
    expect(await deliverDueMail(t.db, transport())).toEqual([
      expect.objectContaining({
        to: 'gone@example.com',
        status: 'pending',
        error: expect.stringMatching(/No such mailbox/),
      }),
    ]);
    const waiting = await rowOf('gone@example.com');
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/No such mailbox/),
    });
    // MAIL_RETRY_SECONDS (30) after the first attempt; not due before.
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started + 30_000);
    expect(await deliverDueMail(t.db, transport())).toEqual([]);

    await t.db
      .update(outbox)
      .set({ attempts: 7, nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, waiting.id));
    expect(await deliverDueMail(t.db, transport())).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await rowOf('gone@example.com')).toMatchObject({ status: 'failed', attempts: 8 });
    expect(await deliverDueMail(t.db, transport())).toEqual([]);
  });

  it('a mail left "sending" by a process that died is sent once its claim lapses', async () => {
    await queue(t.db, 'orphan@example.com', {
      status: 'sending',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 60_000),
    });
    expect(await deliverDueMail(t.db, transport())).toEqual([]);
    await t.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1) });
    expect(await deliverDueMail(t.db, transport())).toEqual([
      expect.objectContaining({ to: 'orphan@example.com', status: 'sent' }),
    ]);
    expect(await rowOf('orphan@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leaves kept mail alone', async () => {
    await queue(t.db, 'kept@example.com', { status: 'kept' });
    expect(await deliverDueMail(t.db, transport())).toEqual([]);
    expect(received).toEqual([]);
  });
});
