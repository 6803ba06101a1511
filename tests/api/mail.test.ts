/**
 * With SMTP_URL set, the reset mail goes over a real SMTP exchange (a local SMTP server in the test), sent
 * from the outbox by the server's mail sender.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { freePort } from '../setup/server.ts';
import { openDatabase } from '../setup/sql.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});
const { server, api } = useServer(() => ({
  env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Skillshelf <no-reply@skillshelf.test>' },
}));

describe('mail over SMTP', () => {
  it("delivers the reset link to the account's address, and the outbox keeps only that it was sent", async () => {
    const { email } = await signUp(api, 'Mail Reader');
    const res = await api.call('forgetPassword', {
      body: { email },
    });
    expect(res.status).toBe(200);
    const mail = await vi.waitFor(
      () =>
        received.find((m) => m.to.includes(email) && /Subject: Reset/.test(m.data)) ??
        Promise.reject(new Error('no mail yet')),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    expect(mail!.from).toBe('no-reply@skillshelf.test');
    expect(mail!.data).toMatch(/Subject: Reset your Skillshelf password/);
    const token = /\/reset-password\/([a-z0-9]+)/.exec(mail!.data.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeTruthy();
    expect((await api.call('resetPassword', { body: { token: token!, password: 'from-the-mail' } })).status).toBe(200);
    expect(
      (
        await api.call('signIn', {
          body: { email, password: 'from-the-mail' },
        })
      ).status,
    ).toBe(200);
    const db = await openDatabase(server.dbUrl);
    const { rows } = await vi.waitFor(async () => {
      const result = await db.execute({
        sql: 'SELECT "to", status, attempts, text FROM outbox WHERE subject = ?',
        args: ['Reset your Skillshelf password'],
      });
      if (result.rows[0]?.status !== 'sent') throw new Error('not marked sent yet');
      return result;
    });
    db.close();
    // The link is not kept once delivered: the database holds reset tokens only as hashes.
    expect(rows.map((r) => ({ to: r.to, status: r.status, attempts: r.attempts, text: r.text }))).toEqual([
      { to: email, status: 'sent', attempts: 1, text: '' },
    ]);
  });
  it('delivers the verification link of a new account, and the link verifies the address', async () => {
    const { email, token } = await signUp(api, 'Mail Verifier');
    const mail = await vi.waitFor(
      () =>
        received.find((m) => m.to.includes(email) && /Subject: Verify your Skillshelf email address/.test(m.data)) ??
        Promise.reject(new Error('no mail yet')),
      { timeout: 10_000, interval: 50 },
    );
    const link = /\/verify-email\/([a-z0-9]+)/.exec(mail!.data.replace(/=\r?\n/g, ''))?.[1];
    expect(link).toBeTruthy();
    expect((await api.raw.post('/api/users/verify-email', { token: link })).status).toBe(200);
    expect(
      (
        await api.call('getProfile', {
          token,
        })
      ).body.emailVerified,
    ).toBe(true);
  });
});
