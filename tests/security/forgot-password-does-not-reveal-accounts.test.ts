/**
 * With SMTP configured, the forgotten-password form once answered a registered address only after the SMTP
 * exchange (0.5 s, and a 500 when the SMTP server was down) and an unknown one at once. Mail now goes into
 * the outbox and a background sender delivers it, with retries: the answer is the same, in status, body and
 * time, whether or not the address has an account (decisions 008 and 026).
 */
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { apiClient, uniqueEmail } from '../setup/http.ts';
import { signUp } from '../setup/actors.ts';
import { freePort, startServer, type TestServer } from '../setup/server.ts';
import { openDatabase } from '../setup/sql.ts';

/** A local SMTP server that collects recipients, answering each message after `delayMs`. */
async function startSmtp(port: number, delayMs = 0) {
  const recipients: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          recipients.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { recipients, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function outboxRow(server: TestServer, to: string) {
  const db = await openDatabase(server.dbUrl);
  try {
    return (await db.execute({ sql: 'SELECT * FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1', args: [to] }))
      .rows[0];
  } finally {
    db.close();
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('while the SMTP server is down', () => {
  it('a registered address gets the same 200 as an unknown one, and its mail waits in the outbox until SMTP is back', async () => {
    const smtpPort = await freePort();
    const server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_SECONDS: '1' } });
    cleanups.push(() => server.stop());
    const api = apiClient(server.url);
    const { email } = await signUp(api, 'Forgetful', { email: uniqueEmail('smtp-down') });

    const known = await api.call('forgetPassword', {
      body: { email },
    });
    const unknown = await api.call('forgetPassword', {
      body: { email: uniqueEmail('nobody') },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const waiting = await until(async () => {
      const row = await outboxRow(server, email);
      return row && Number(row.attempts) >= 1 && row.status === 'pending' ? row : undefined;
    });
    expect(String(waiting.last_error)).toMatch(/ECONNREFUSED/);
    const listed = await runCli(server.dbUrl, ['mail', 'outbox', '--json']);
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({
        to: email,
        status: 'pending',
        attempts: expect.any(Number),
        lastError: expect.stringMatching(/ECONNREFUSED/),
      }),
    );

    const smtp = await startSmtp(smtpPort);
    cleanups.push(smtp.close);
    await until(async () => (smtp.recipients.includes(email) ? true : undefined));
    const sent = await until(async () => {
      const row = await outboxRow(server, email);
      return row?.status === 'sent' ? row : undefined;
    });
    expect(Number(sent.sent_at)).toBeGreaterThan(0);
  }, 60_000);
});

describe('with a slow SMTP server', () => {
  it('a registered address is answered as fast as an unknown one: nobody waits for SMTP', async () => {
    const smtpPort = await freePort();
    const smtp = await startSmtp(smtpPort, 1000);
    cleanups.push(smtp.close);
    const server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
    cleanups.push(() => server.stop());
    const api = apiClient(server.url);
    const registered: string[] = [];
    for (let i = 0; i < 5; i++)
      registered.push((await signUp(api, 'Forgetful', { email: uniqueEmail('slow-smtp') })).email);

    const time = async (email: string) => {
      const started = performance.now();
      const res = await api.call('forgetPassword', {
        body: { email },
      });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (const email of registered) {
      knownTimes.push(await time(email));
      unknownTimes.push(await time(uniqueEmail('nobody')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // The SMTP server takes a second per message; a registered address must not wait for any of it.
    expect(median(knownTimes) - median(unknownTimes)).toBeLessThan(300);

    // The mail still arrives, sent in the background.
    await until(async () => (registered.every((email) => smtp.recipients.includes(email)) ? true : undefined), 30_000);
  }, 90_000);
});
