/**
 * Accounts as people expect them, in Chromium against the real server, at a laptop's width and a phone's,
 * axe clean in both themes: the profile's sessions (each with its device, ended one at a time or all but
 * this one); a password change from a session signed in long ago, told to sign in again; the keyboard's
 * place across the sign-in round trip (the email field first, then back to the control pressed); a new
 * address verified through its mailed link; two-factor sign-in set up from the profile and asked for after
 * the password, and set up at sign-in by an admin where it is required.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, launchBrowser, nativeDialogs, settled, signInThroughForm } from '../setup/browser.ts';
import { useServer } from '../setup/use-server.ts';
import { asUser, signUp } from '../setup/actors.ts';
import { generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { axeViolations } from './axe-screens.ts';
import { mailedVerificationToken, sqlRows } from '../setup/sql.ts';
import { uniqueEmail } from '../setup/http.ts';
import { runCli } from '../cli/harness.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const totp = (secret: string, steps = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + steps), 6);

const SIZES = { laptop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.skipIf(!hasBrowser)('accounts, in the browser', () => {
  let browser: Browser;
  const { server, api } = useServer();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** `run` on a fresh page at `viewport` (axe may be injected: bypassCSP); it raises no error and opens no native dialog. */
  async function onPage(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const opened = nativeDialogs(page);
    try {
      await run(page);
      expect(problems).toEqual([]);
      expect(opened()).toEqual([]);
    } finally {
      await context.close();
    }
  }

  describe.each(Object.entries(SIZES))('at %s size', (size, viewport) => {
    it('the profile lists where you are signed in; Sign out ends one, Sign out everywhere else the rest', async () => {
      const account = await signUp(api, `Sessions ${size}`);
      // Another device, signed in before: named from its User-Agent.
      const firefox = await api.call('signIn', {
        body: { email: account.email, password: account.password },
        headers: { 'user-agent': FIREFOX_LINUX },
      });
      await onPage(viewport, async (page) => {
        await signInThroughForm(page, account);
        await page.goto('/profile');
        await hydrated(page);
        const section = page.getByRole('region', { name: 'Where you are signed in' });
        const rows = section.locator('[data-session]');
        // This browser, the API's sign-up and the Firefox sign-in.
        await expect.poll(() => rows.count()).toBe(3);
        expect(await rows.first().textContent()).toContain('This browser');
        expect(await section.locator('[data-sessions-summary]').textContent()).toBe(
          'You are signed in here and in 2 other sessions.',
        );
        const firefoxRow = rows.filter({ hasText: 'Firefox on Linux' });
        expect(await firefoxRow.textContent()).toContain('Active now');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axeViolations(page, `sessions (${size})`)).toEqual([]);

        await firefoxRow.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
        await expect.poll(() => rows.count()).toBe(2);
        expect((await api.call('getProfile', { token: firefox.body.token })).status).toBe(401);
        // The pressed button is gone: the focus stays in the list, not on the page's body.
        expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-sessions-summary'))).toBe(true);

        const more = await asUser(api, account);
        await page.reload();
        await hydrated(page);
        await expect.poll(() => rows.count()).toBe(3);
        await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
        await expect.poll(() => rows.count()).toBe(1);
        expect(await section.locator('[data-sessions-summary]').textContent()).toBe('You are signed in only here.');
        expect(await section.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);
        for (const token of [account.token, more.token])
          expect((await api.call('getProfile', { token })).status).toBe(401);
        // This browser is still signed in.
        await page.reload();
        expect(new URL(page.url()).pathname).toBe('/profile');
        await settled(page);
        expect(await axeViolations(page, `sessions, only here (${size})`)).toEqual([]);
      });
    });

    it('the sign-in page starts in the email field, and the focus comes back to the Save button pressed before', async () => {
      const account = await signUp(api, `Focus ${size}`);
      const [content] = (
        await api.call('searchContents', {
          query: { order: 'oldest' },
        })
      ).body.contents as Array<{
        _id: string;
        slug: string;
        name: string;
      }>;
      await onPage(viewport, async (page) => {
        await page.goto(`/content/${content!.slug}`);
        await hydrated(page);
        const save = page.locator(`main [data-save-toggle][data-content-id="${content!._id}"]`).first();
        await save.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/signin');
        await hydrated(page);
        // The island focuses it as it wakes.
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
        expect(await axeViolations(page, `sign in (${size})`)).toEqual([]);
        // Typed as a keyboard user does, from the field that has the focus.
        await page.keyboard.type(account.email);
        await page.keyboard.press('Tab');
        await page.keyboard.type(account.password);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === `/content/${content!.slug}`);
        await hydrated(page);
        await expect
          .poll(() =>
            page.evaluate(
              (id) =>
                document.activeElement?.matches(`[data-save-toggle][data-content-id="${id}"]`) &&
                document.activeElement.closest('main') !== null,
              content!._id,
            ),
          )
          .toBe(true);
      });
    });

    it('after Sign In from the top bar, the focus is on the user’s menu that took its place (a phone: its menu button)', async () => {
      const account = await signUp(api, `Menu ${size}`);
      await onPage(viewport, async (page) => {
        await page.goto('/search?searchTerm=python');
        await hydrated(page);
        if (size === 'phone') await page.locator('label[for="nav-toggle"]').click();
        await page.getByRole('link', { name: 'Sign In', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/signin');
        await hydrated(page);
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password', { exact: true }).fill(account.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/search');
        await hydrated(page);
        const expected = size === 'phone' ? 'nav-toggle' : 'user-menu';
        await expect
          .poll(() =>
            page.evaluate(() => {
              const active = document.activeElement;
              if (active?.id === 'nav-toggle') return 'nav-toggle';
              if (active?.hasAttribute('data-user-name')) return 'user-menu';
              return active?.outerHTML.slice(0, 80) ?? 'nothing';
            }),
          )
          .toBe(expected);
      });
    });

    it('a new account is asked to verify its address: the profile says so, a new link can be sent, the mailed page verifies it', async () => {
      const email = uniqueEmail(`verify-${size}`);
      await onPage(viewport, async (page) => {
        await page.goto('/signup');
        await hydrated(page);
        await page.getByLabel('Name').fill(`Verify ${size}`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('verify-password-1');
        await page.getByLabel('Confirm Password').fill('verify-password-1');
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await page.waitForURL((url) => url.pathname !== '/signup');
        await page.goto('/profile');
        await hydrated(page);
        const notice = page.locator('[data-email-unverified]');
        expect(await notice.textContent()).toContain(`Your email address ${email} is not verified yet.`);
        // The address wraps whole, as a word: never cut between two of its letters ("example.o / rg").
        expect(
          await notice.locator('strong').evaluate((el) => {
            const style = getComputedStyle(el);
            return { wordBreak: style.wordBreak, overflowWrap: style.overflowWrap };
          }),
        ).toEqual({ wordBreak: 'normal', overflowWrap: 'break-word' });
        await notice.getByRole('button', { name: 'Send a new link' }).click();
        await expect
          .poll(() => notice.locator('[data-verification-said]').textContent())
          .toBe(`We sent a new link to ${email}`);
        expect(await axeViolations(page, `unverified profile (${size})`)).toEqual([]);

        const token = await mailedVerificationToken(server.dbUrl, email);
        await page.goto(`/verify-email/${token}`);
        expect(await page.locator('[data-verify-form]').textContent()).toContain(
          `Confirm that ${email} is your address.`,
        );
        expect(await axeViolations(page, `verify page (${size})`)).toEqual([]);
        await page.getByRole('button', { name: 'Verify my email address' }).click();
        await page.locator('[data-email-verified]').waitFor();
        expect(await page.getByRole('status').first().textContent()).toBe('Your email address is verified');
        expect(await axeViolations(page, `verified (${size})`)).toEqual([]);
        // Used: the link now says so.
        const dead = await page.goto(`/verify-email/${token}`);
        expect(dead?.status()).toBe(410);
        expect(await page.locator('[data-dead-verify-link]').count()).toBe(1);
        await page.goto('/profile');
        await hydrated(page);
        expect(await page.locator('[data-email-unverified]').count()).toBe(0);
      });
    });

    it('a password change 15 minutes after signing in says, beside the field, to sign in again or give the current password', async () => {
      const account = await signUp(api, `Stale ${size}`);
      await onPage(viewport, async (page) => {
        await signInThroughForm(page, account);
        await sqlRows(server.dbUrl, 'UPDATE sessions SET created_at = ? WHERE user_id = ?', [
          Date.now() - 20 * 60_000,
          account._id,
        ]);
        await page.goto('/profile');
        await hydrated(page);
        await page.getByLabel('Password', { exact: true }).fill('a-new-password-1');
        await page.getByLabel('Confirm Password').fill('a-new-password-1');
        await page.getByRole('button', { name: 'Update' }).click();
        const current = page.getByLabel('Current Password');
        await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
        const said = await page.evaluate(() => {
          const field = document.querySelector('[aria-invalid="true"]');
          const ids = field?.getAttribute('aria-describedby')?.split(' ') ?? [];
          return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
        });
        expect(said).toContain('Sign in again to change your email or password, or enter your current password');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('currentPassword');
        expect(await axeViolations(page, `stale password change (${size})`)).toEqual([]);
        // Given, it goes through.
        await current.fill(account.password);
        await page.getByRole('button', { name: 'Update' }).click();
        await expect.poll(() => current.count()).toBe(0);
        expect(
          (await api.call('signIn', { body: { email: account.email, password: 'a-new-password-1' } })).status,
        ).toBe(200);
      });
    });
  });

  describe.each(Object.entries(SIZES))('two-factor sign-in at %s size', (size, viewport) => {
    it('set up from the profile, then asked for after the password; a wrong code is said beside the field', async () => {
      const account = await signUp(api, `Two Factor ${size}`);
      let secret = '';
      await onPage(viewport, async (page) => {
        await signInThroughForm(page, account);
        await page.goto('/profile');
        await hydrated(page);
        const section = page.getByRole('region', { name: 'Two-factor sign-in' });
        await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        const shown = section.locator('[data-two-factor-secret]');
        await shown.waitFor();
        secret = (await shown.textContent())!.replace(/\s+/g, '');
        expect(await section.getByRole('link', { name: 'open it in the app' }).getAttribute('href')).toMatch(
          /^otpauth:\/\/totp\//,
        );
        expect(await axeViolations(page, `two-factor setup (${size})`)).toEqual([]);
        await section.getByLabel('Code from the app').fill(totp(secret));
        await section.getByRole('button', { name: 'Turn on' }).click();
        await section.locator('[data-recovery-codes] li').first().waitFor();
        expect(await section.locator('[data-recovery-codes] li').count()).toBe(10);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Keep these recovery codes');
        expect(await axeViolations(page, `recovery codes (${size})`)).toEqual([]);
        const first = await section.locator('[data-recovery-codes] li').allTextContents();
        await section.getByRole('button', { name: 'I have kept my recovery codes' }).click();
        expect(await section.locator('[data-two-factor="on"]').textContent()).toContain('10 recovery codes left');
        // New codes, confirmed with one of the first: those end.
        await section.getByRole('button', { name: 'Get new recovery codes…' }).click();
        await section.getByLabel('Code for new recovery codes').fill(first[0]!);
        await section.getByRole('button', { name: 'Get new codes' }).click();
        await expect.poll(() => section.locator('[data-recovery-codes] li').count()).toBe(10);
        const renewed = await section.locator('[data-recovery-codes] li').allTextContents();
        expect(renewed.filter((code) => first.includes(code))).toEqual([]);
        expect(await section.locator('[data-two-factor="on"]').textContent()).toContain('10 recovery codes left');
        expect(await axeViolations(page, `new recovery codes (${size})`)).toEqual([]);
      });
      await onPage(viewport, async (page) => {
        await page.goto('/signin?redirect=%2Fprofile');
        await hydrated(page);
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password', { exact: true }).fill(account.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        const code = page.getByLabel('Authentication code');
        await code.waitFor();
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
        // Not signed in meanwhile.
        expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
        await code.fill('000000' === totp(secret, 1) ? '111111' : '000000');
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
        expect(await axeViolations(page, `second factor, wrong (${size})`)).toEqual([]);
        await code.fill(totp(secret, 1));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.waitForURL((url) => url.pathname === '/profile');
        await hydrated(page);
        expect(await page.getByRole('region', { name: 'Two-factor sign-in' }).textContent()).toContain('On:');
      });
    });
  });
});

describe.skipIf(!hasBrowser)('two-factor sign-in required of admins, in the browser', () => {
  let browser: Browser;
  const { server } = useServer({ env: { TWO_FACTOR_ADMINS: 'required' } });
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(SIZES))(
    'at %s size, an admin without it sets it up at sign-in, then reaches the admin',
    async (size, viewport) => {
      const admin = { email: uniqueEmail(`admin-${size}`), password: 'admin-password-1' };
      const made = await runCli(server.dbUrl, [
        'users',
        'create',
        '--admin',
        '--name',
        `Admin ${size}`,
        '--email',
        admin.email,
        '--password',
        admin.password,
      ]);
      expect(made.code, made.stderr).toBe(0);
      const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
      const page = await context.newPage();
      try {
        await page.goto('/signin?redirect=%2Fadmin');
        await hydrated(page);
        await page.getByLabel('Email').fill(admin.email);
        await page.getByLabel('Password', { exact: true }).fill(admin.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        const step = page.locator('[data-second-factor-setup]');
        const shown = step.locator('[data-two-factor-secret]');
        await shown.waitFor();
        expect(await step.getByRole('status').textContent()).toContain(
          'Admins sign in with a second factor on this site',
        );
        expect(await axeViolations(page, `admin's setup at sign-in (${size})`)).toEqual([]);
        const secret = (await shown.textContent())!.replace(/\s+/g, '');
        await step.getByLabel('Code from the app').fill(totp(secret));
        await step.getByRole('button', { name: 'Turn on' }).click();
        await step.getByRole('button', { name: 'I have kept my recovery codes' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/admin'));
        await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
      } finally {
        await context.close();
      }
    },
  );
});
