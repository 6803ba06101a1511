/**
 * Every log line is free of secrets (decision 019). A realistic run against the real server, logging at its
 * most verbose (sign-up, sign-in with the demo passwords through the API and the no-JavaScript form, a
 * wrong password, a forgotten password and its reset link, the session as a cookie and as a bearer token,
 * tokens put in query strings) and then the whole of what the process wrote is searched for every
 * password, session token and reset token it saw.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/maintenance/seed/demo.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { logLines } from '../setup/logs.ts';
import { mailedResetToken } from '../setup/sql.ts';

const { server, api } = useServer({ env: { LOG_LEVEL: 'trace' } });

const resetTokenMailedTo = (email: string) => mailedResetToken(server.dbUrl, email);

describe('the log of a full run', () => {
  it('holds no password, session token or reset token, though it has a line for every request', async () => {
    const secrets: string[] = [];
    const sessionCookieOf = (res: Response) =>
      /(?:^|,\s*)session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

    // The demo accounts sign in with the passwords the seed gave them.
    for (const account of DEMO_ACCOUNTS) {
      secrets.push(account.password);
      const res = await api.call('signIn', {
        body: { email: account.email, password: account.password },
      });
      expect(res.status).toBe(200);
      secrets.push(res.body.token);
    }
    // A new account signs up, signs in with a wrong password, then through the no-JavaScript form.
    const user = await signUp(api, 'Log Watcher', { password: 'first-password-7f3a' });
    secrets.push(user.password, 'wrong-password-9c2e', user.token);
    expect(
      (
        await api.call('signIn', {
          body: { email: user.email, password: 'wrong-password-9c2e' },
        })
      ).status,
    ).toBe(401);
    const form = await fetch(`${server.url}/signin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ email: user.email, password: user.password }),
    });
    const cookieToken = sessionCookieOf(form);
    expect(cookieToken).toBeTruthy();
    secrets.push(cookieToken!);

    // The session used as a cookie (pages and API) and as a bearer token, and put where it does not belong.
    for (const path of ['/saved', '/profile', '/api/users/profile']) {
      expect(
        (await fetch(server.url + path, { headers: { cookie: `session=${cookieToken}` }, redirect: 'manual' })).status,
        path,
      ).toBe(200);
    }
    expect(
      (
        await api.call('getProfile', {
          token: user.token,
        })
      ).status,
    ).toBe(200);
    await fetch(`${server.url}/search?q=rust&token=${cookieToken}`);
    await fetch(`${server.url}/api/contents/search?q=rust&access_token=${user.token}`);

    // A forgotten password: the mailed link is opened, then used.
    expect(
      (
        await api.call('forgetPassword', {
          body: { email: user.email },
        })
      ).status,
    ).toBe(200);
    const resetToken = await resetTokenMailedTo(user.email);
    secrets.push(resetToken, 'reset-password-2b8d');
    expect((await fetch(`${server.url}/reset-password/${resetToken}`)).status).toBe(200);
    expect(
      (
        await api.call('resetPassword', {
          body: { token: resetToken, password: 'reset-password-2b8d' },
        })
      ).status,
    ).toBe(200);
    const after = await api.call('signIn', {
      body: { email: user.email, password: 'reset-password-2b8d' },
    });
    secrets.push(after.body.token);
    // And a change of password in the profile.
    secrets.push('profile-password-5e1c');
    expect(
      (
        await api.call('changeProfile', {
          body: { name: user.name, email: user.email, password: 'profile-password-5e1c' },
          token: after.body.token,
        })
      ).status,
    ).toBe(200);

    await server.stop({ keepFiles: true });
    const output = server.output();
    const lines = logLines(output);
    expect(lines.filter((l) => l.status !== undefined).length).toBeGreaterThanOrEqual(16);
    for (const secret of secrets) expect(output, `the log holds ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(lines.some((l) => l.path === '/reset-password/[redacted]')).toBe(true);
  });
});
