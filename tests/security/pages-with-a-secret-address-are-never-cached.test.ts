/**
 * The reset page was sent `Cache-Control: public`: any shared cache between the visitor and us (a company
 * proxy, a CDN) could keep it under its address, the reset token, and keep that address in its store and
 * logs. A page whose address holds a secret (a reset link, a digest's unsubscribe link) is now private and
 * never stored, whatever its answer, and so is the redirect from another spelling of its address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { mailedResetToken } from '../setup/sql.ts';

let resetToken: string;
const { server, api } = useServer();
beforeAll(async () => {
  const { email } = await signUp(api, 'Cache Watcher');
  expect(
    (
      await api.call('forgetPassword', {
        body: { email },
      })
    ).status,
  ).toBe(200);
  resetToken = await mailedResetToken(server.dbUrl, email);
});

describe('a page whose address holds a secret', () => {
  it('is private and never stored: a live reset link, a dead one, an unsubscribe link', async () => {
    for (const [path, status] of [
      [`/reset-password/${resetToken}`, 200],
      ['/reset-password/used-or-never-mailed', 410],
      ['/unsubscribe?token=never-mailed', 404],
      [`/reset-password/${resetToken}/`, 301],
    ] as const) {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('etag'), path).toBeNull();
    }
  });

  it('is sent whole again when asked with the validators a cache would send', async () => {
    const first = await fetch(`${server.url}/reset-password/${resetToken}`);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/reset-password/${resetToken}`, {
      headers: { 'if-none-match': first.headers.get('etag') ?? '"none"' },
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Reset Password');
  });
});
