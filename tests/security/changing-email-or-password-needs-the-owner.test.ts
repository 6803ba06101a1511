/**
 * One leaked token gave a permanent takeover: PUT /api/users/profile changed the email and the password
 * with the token alone (and the token sits in localStorage for REST clients). As GitHub's "sudo mode": a
 * change of email or password needs the current password, unless the session signed in within the last
 * 15 minutes, so a client that signs in and then edits the profile keeps working. The old address hears
 * of an email change, and the account of a password change.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG } from '../../db/accounts/validation/users.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { markEmailVerified, sqlRows } from '../setup/sql.ts';
import { hashToken } from '../../db/crypto/tokens.ts';
import { launchBrowser, withSignedInPage, hydrated } from '../setup/browser.ts';

const { server, api } = useServer({ seed: false });

/** Makes the session of `token` one that signed in 20 minutes ago. */
const ageSession = (token: string) =>
  sqlRows(server.dbUrl, 'UPDATE sessions SET created_at = ? WHERE id = ?', [
    Date.now() - 20 * 60_000,
    hashToken(token),
  ]);
const mailsTo = (email: string) =>
  sqlRows(
    server.dbUrl,
    'SELECT subject, text FROM outbox WHERE "to" = ? AND subject NOT LIKE \'Verify%\' ORDER BY id',
    [email],
  );

describe('a change of email or password', () => {
  it('goes through with the token alone right after signing in (a REST client signs in, then edits)', async () => {
    const a = await signUp(api, 'Owner');
    // Notices go only to a verified address.
    await markEmailVerified(server.dbUrl, a.email);
    const newEmail = uniqueEmail('fresh-new');
    const res = await api.call('changeProfile', {
      body: { name: 'Owner', email: newEmail, password: '' },
      token: a.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.email).toBe(newEmail);
    const [notice] = await mailsTo(a.email);
    expect(notice).toMatchObject({ subject: 'Your Skillshelf email was changed' });
    expect(String(notice!.text)).toContain(newEmail);
  });

  it('needs the current password once the session signed in more than 15 minutes ago, and says so', async () => {
    const a = await signUp(api, 'Owner');
    // Notices go only to a verified address.
    await markEmailVerified(server.dbUrl, a.email);
    await ageSession(a.token);
    const change = { name: 'Owner', email: a.email, password: 'a-new-password-1' };
    expect(
      await api.call('changeProfile', {
        body: change,
        token: a.token,
      }),
    ).toMatchObject({
      status: 400,
      body: { message: CURRENT_PASSWORD_NEEDED },
    });
    expect(
      await api.call('changeProfile', {
        body: { ...change, currentPassword: 'not-it-at-all' },
        token: a.token,
      }),
    ).toMatchObject({
      status: 400,
      body: { message: CURRENT_PASSWORD_WRONG },
    });
    expect(
      await api.call('changeProfile', {
        body: { ...change, email: uniqueEmail('stolen') },
        token: a.token,
      }),
    ).toMatchObject({
      status: 400,
      body: { message: CURRENT_PASSWORD_NEEDED },
    });
    // Nothing changed: the old password still signs in.
    expect(
      (
        await api.call('signIn', {
          body: { email: a.email, password: 'password-123' },
        })
      ).status,
    ).toBe(200);
    // A name alone needs nothing more.
    expect(
      (
        await api.call('changeProfile', {
          body: { name: 'Renamed Owner', email: a.email },
          token: a.token,
        })
      ).status,
    ).toBe(200);

    const done = await api.call('changeProfile', {
      body: { ...change, currentPassword: 'password-123' },
      token: a.token,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(
      (
        await api.call('signIn', {
          body: { email: a.email, password: 'a-new-password-1' },
        })
      ).status,
    ).toBe(200);
    expect((await mailsTo(a.email)).map((mail) => mail.subject)).toEqual(['Your Skillshelf password was changed']);
  });

  it('the profile form asks for the current password beside its field', async () => {
    const a = await signUp(api, 'Owner');
    // Notices go only to a verified address.
    await markEmailVerified(server.dbUrl, a.email);
    const browser = await launchBrowser();
    try {
      await withSignedInPage(browser, server.url, { email: a.email, password: 'password-123' }, async (page) => {
        // The browser's own session (signed in just now) is made an old one.
        await sqlRows(server.dbUrl, 'UPDATE sessions SET created_at = ?', [Date.now() - 20 * 60_000]);
        await page.goto('/profile');
        await hydrated(page);
        expect(await page.getByLabel('Current Password').count()).toBe(0);
        await page.getByLabel('Email').fill(uniqueEmail('form-new'));
        await page.getByRole('button', { name: 'Update' }).click();
        const error = page.locator('[data-field-error="currentPassword"], #currentPassword-error');
        await error.first().waitFor();
        expect(await error.first().textContent()).toContain('current password');
        await page.getByLabel('Current Password').fill('password-123');
        await page.getByRole('button', { name: 'Update' }).click();
        await page.getByText('User Updated Successfully').waitFor();
      });
    } finally {
      await browser.close();
    }
  });
});
