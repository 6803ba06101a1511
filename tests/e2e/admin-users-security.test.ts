/**
 * The admin's users table says what an admin needs to know of each account's safety, as GitHub's list of an
 * organisation's people does: whose address is not verified yet (no mail but the verification reaches it) and
 * who signs in with a second factor. The API's list carries both; the table marks them in the name's and the
 * email's cells, at a laptop's width and a phone's, both themes, axe clean.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, hydrated, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, type Actor } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const totp = (secret: string) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);

describe.skipIf(!hasBrowser)("the admin's users table: verified addresses and second factors", () => {
  const browser = useBrowser();
  let guarded: Actor;
  let unverified: Actor;
  let adminToken: string;
  const { server, api } = useServer();
  beforeAll(async () => {
    adminToken = (await asAdmin(api)).token;
    unverified = await signUp(api, 'Una Unverified');
    guarded = await signUp(api, 'Gus Guarded');
    const setup = await api.call('beginTwoFactorSetup', { token: guarded.token });
    const on = await api.call('enableTwoFactor', {
      body: { secret: setup.body.secret, code: totp(setup.body.secret) },
      token: guarded.token,
    });
    expect(on.status).toBe(200);
  });

  it("the API's list says whether each address is verified and whether a second factor guards the account", async () => {
    const list = await api.call('adminUsers', {
      query: { search: 'skillshelf.dev', pageSize: '100' },
      token: adminToken,
    });
    const demoAdmin = list.body.users.find((user) => user.email === DEMO_ADMIN.email)!;
    expect({ emailVerified: demoAdmin.emailVerified, twoFactorEnabled: demoAdmin.twoFactorEnabled }).toEqual({
      emailVerified: true,
      twoFactorEnabled: false,
    });
    const mine = await api.call('adminUsers', { query: { search: 'una-unverified' }, token: adminToken });
    expect(mine.body.users.map((u) => [u.emailVerified, u.twoFactorEnabled])).toEqual([[false, false]]);
    const theirs = await api.call('adminUsers', { query: { search: 'gus-guarded' }, token: adminToken });
    expect(theirs.body.users.map((u) => u.twoFactorEnabled)).toEqual([true]);
  });

  for (const size of EACH_SIZE)
    it(`at ${size} size the table marks an unverified address and a second factor`, async () => {
      await withPage(browser, server.url, { size, account: DEMO_ADMIN }, async (page) => {
        await page.goto('/admin/users?pageSize=25');
        await hydrated(page);
        const row = (email: string) => page.locator('tbody tr', { hasText: email });
        await row(unverified.email).waitFor();
        expect(await row(unverified.email).locator('[data-email-unverified]').innerText()).toBe('not verified');
        expect(await row(unverified.email).locator('[data-two-factor-on]').count()).toBe(0);
        expect(await row(guarded.email).locator('[data-two-factor-on]').innerText()).toBe('2FA');
        expect(await row(guarded.email).locator('[data-two-factor-on]').getAttribute('title')).toBe(
          'Signs in with a second factor (an authenticator app)',
        );
        expect(await row(DEMO_ADMIN.email).locator('[data-email-unverified]').count()).toBe(0);
        await page.screenshot({ path: `/tmp/shots/admin-users-security-${size}.png` });
        expect(await axeViolations(page, `/admin/users (${size})`)).toEqual([]);
      });
    });
});
