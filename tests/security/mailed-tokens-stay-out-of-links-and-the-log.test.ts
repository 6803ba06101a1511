/**
 * A mailed link's token (a password reset's, a digest's unsubscribe) is a key: whoever reads it may use it.
 * The top bar's Sign In link carried the page it was on, so on the reset page it read
 * `/signin?redirect=%2Freset-password%2F{token}`: one click put the token into the browser's history and,
 * as a query value under a name the log did not know for a secret, into the request log. No link on such
 * a page carries its address, and the log drops a secret page's address from any query value, whatever
 * the parameter's name and however often it was percent-encoded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { mailedResetToken } from '../setup/sql.ts';

let resetToken: string;
const { server, api } = useServer();
beforeAll(async () => {
  const { email } = await signUp(api, 'Reset Asker');
  expect(
    (
      await api.call('forgetPassword', {
        body: { email },
      })
    ).status,
  ).toBe(200);
  resetToken = await mailedResetToken(server.dbUrl, email);
});

/** Every address a page links to or loads: what a click or the browser itself may ask for next. */
const linksOf = (html: string) =>
  [...html.matchAll(/\s(?:href|src|action|formaction)="([^"]*)"/g)].map((match) => match[1]!);

describe('a page whose address holds a secret', () => {
  it('the reset page links nowhere with its token, and its Sign In is the plain sign-in page', async () => {
    const res = await fetch(`${server.url}/reset-password/${resetToken}`);
    expect(res.status).toBe(200);
    const links = linksOf(await res.text());
    expect(links).toContain('/signin');
    expect(links.filter((link) => link.includes(resetToken))).toEqual([]);
  });

  it('nor does the unsubscribe page, nor the sign-in page sent a secret address', async () => {
    const token = 'digest-token-7c1e9a';
    for (const path of [
      `/unsubscribe?token=${token}`,
      `/signin?redirect=${encodeURIComponent(`/reset-password/${token}`)}`,
      `/signup?redirect=${encodeURIComponent(`/unsubscribe?token=${token}`)}`,
    ]) {
      const links = linksOf(await (await fetch(server.url + path)).text());
      expect(
        links.filter((link) => link.includes(token)),
        path,
      ).toEqual([]);
    }
  });

  it('is not written to the log from a query value, whatever the name or the encoding', async () => {
    const secrets = [
      'a1b2c3-redirected',
      'd4e5f6-named-next',
      'g7h8i9-twice-encoded',
      'j0k1l2-absolute',
      'm3n4o5-unsubscribe',
      'p6q7r8-raw',
    ];
    const targets = [
      `/signin?redirect=${encodeURIComponent(`/reset-password/${secrets[0]}`)}`,
      `/search?next=${encodeURIComponent(`/reset-password/${secrets[1]}`)}&category=web-development`,
      `/signup?redirect=${encodeURIComponent(encodeURIComponent(`/reset-password/${secrets[2]}`))}`,
      `/search?back=${encodeURIComponent(`${server.url}/reset-password/${secrets[3]}`)}`,
      `/signin?redirect=${encodeURIComponent(`/unsubscribe?token=${secrets[4]}`)}`,
      `/signin?from=/reset-password/${secrets[5]}`,
    ];
    for (const target of targets)
      expect((await fetch(server.url + target, { redirect: 'manual' })).status, target).toBeLessThan(500);
    await server.stop({ keepFiles: true });
    const output = server.output();
    for (const secret of secrets) expect(output, `the log holds ${secret}`).not.toContain(secret);
    expect(output).toContain('"path":"/signin?redirect=[redacted]"');
  });
});
