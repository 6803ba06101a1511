/**
 * A password-reset link requested before the password or the email changed must not work afterwards — whoever
 * made the change (the user in the profile, an admin).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { mailedResetToken } from '../setup/sql.ts';

let adminToken: string;
const { server, api } = useServer();
beforeAll(async () => {
  adminToken = (await asAdmin(api)).token;
});

/** A new account with a reset link mailed to it (read from the outbox, as its owner would from the mail). */
async function accountWithResetLink() {
  const account = await signUp(api, 'Reset Holder');
  expect(
    (
      await api.call('forgetPassword', {
        body: { email: account.email },
      })
    ).status,
  ).toBe(200);
  const link = await mailedResetToken(server.dbUrl, account.email);
  return { account, link };
}

const useLink = (link: string) =>
  api.call('resetPassword', {
    body: { token: link, password: 'taken-over-by-the-link' },
  });

describe('a reset link requested before a change of password or email', () => {
  it('no longer works after the user changes the password in the profile', async () => {
    const { account, link } = await accountWithResetLink();
    expect(
      (
        await api.call('changeProfile', {
          body: { name: account.name, email: account.email, password: 'changed-by-the-owner' },
          token: account.token,
        })
      ).status,
    ).toBe(200);
    expect((await useLink(link)).status).toBe(404);
    expect(
      (
        await api.call('signIn', {
          body: { email: account.email, password: 'changed-by-the-owner' },
        })
      ).status,
    ).toBe(200);
  });

  it('no longer works after the user changes the email in the profile', async () => {
    const { account, link } = await accountWithResetLink();
    const email = uniqueEmail('moved');
    expect(
      (
        await api.call('changeProfile', {
          body: { name: account.name, email, password: '' },
          token: account.token,
        })
      ).status,
    ).toBe(200);
    expect((await useLink(link)).status).toBe(404);
    expect(
      (
        await api.call('signIn', {
          body: { email, password: account.password },
        })
      ).status,
    ).toBe(200);
  });

  it('no longer works after an admin changes the email', async () => {
    const { account, link } = await accountWithResetLink();
    const email = uniqueEmail('moved-by-admin');
    expect(
      (
        await api.call('changeUser', {
          params: { id: account._id },
          body: { name: account.name, email, isAdmin: false },
          token: adminToken,
        })
      ).status,
    ).toBe(200);
    expect((await useLink(link)).status).toBe(404);
    expect(
      (
        await api.call('signIn', {
          body: { email, password: account.password },
        })
      ).status,
    ).toBe(200);
  });

  it('still works after a change of the name alone', async () => {
    const { account, link } = await accountWithResetLink();
    expect(
      (
        await api.call('changeProfile', {
          body: { name: 'Renamed Holder', email: account.email, password: '' },
          token: account.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('changeUser', {
          params: { id: account._id },
          body: { name: 'Renamed Again', email: account.email, isAdmin: false },
          token: adminToken,
        })
      ).status,
    ).toBe(200);
    expect((await useLink(link)).status).toBe(200);
  });
});
