/**
 * The account story in a real browser: sign up, sign out, sign in, edit the profile, forget and reset the
 * password, and the redirect round trip through /signin. Runs against the built server on its own database.
 */
import { mailedResetToken } from '../setup/sql.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newContext } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import type { TestServer } from '../setup/server.ts';

const topBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const storageKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k === 'userInfo' || k === 'userSaves')
      .sort(),
  );
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOutFromTopBar(page: Page, name: string): Promise<void> {
  await topBar(page).getByText(name, { exact: true }).click();
  await topBar(page).getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/signin');
}

/** The reset link of the newest mail to `email` in the server's outbox (no SMTP under test), once the server's worker wrote it. */
async function lastResetPath(server: TestServer, email: string): Promise<string> {
  return `/reset-password/${await mailedResetToken(server.dbUrl, email)}`;
}

describe.skipIf(!hasBrowser)('accounts in the browser', () => {
  const browser = useBrowser();

  const { server, api } = useServer({ seed: false });

  async function withPage(
    run: (page: Page, context: BrowserContext) => Promise<void>,
    options: { javaScriptEnabled?: boolean } = {},
  ) {
    const context = await newContext(browser, server.url, options);
    try {
      await run(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  it('an empty catalog’s home lists every tag with 0 and says how contents get in, never three bare cards', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await page.locator('[data-empty-catalog]').getByText('npx skillshelf import').waitFor();
      for (const kind of ['category', 'techStack', 'type']) {
        const tags = page.locator(`[data-tag-card="${kind}"] li`);
        expect(await tags.count(), kind).toBeGreaterThan(5);
        expect(new Set(await tags.allTextContents()).size).toBe(await tags.count());
        for (const text of await tags.allTextContents()) expect(text).toMatch(/\(0\)$/);
      }
      expect(await page.locator('[data-tag-card="techStack"] li', { hasText: 'Rust' }).count()).toBe(1);
    });
  });

  it('sign up, sign out, sign in, edit the profile, forget and reset the password', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('story');
      const oldPassword = 'first-password-1';
      const newPassword = 'second-password-2';

      // Sign up: signed in at once, the name in the top bar, both stores in localStorage.
      await page.goto('/signup');
      await page.getByLabel('Name').fill('Story Tester');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(oldPassword);
      await page.getByLabel('Confirm Password').fill(oldPassword);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => topBar(page).getByText('Story Tester', { exact: true }).isVisible()).toBe(true);
      expect(await topBar(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      expect(await storageKeys(page)).toEqual(['userInfo', 'userSaves']);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
      expect(stored).toMatchObject({ name: 'Story Tester', email, isAdmin: false });
      expect(typeof stored.token).toBe('string');

      // Sign out: back to /signin, the stores gone, Sign In in the top bar.
      await signOutFromTopBar(page, 'Story Tester');
      expect(await storageKeys(page)).toEqual([]);
      await expect.poll(() => topBar(page).getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

      // Sign in again.
      await fillSignIn(page, email, oldPassword);
      await page.waitForURL((url) => url.pathname === '/');
      expect(await storageKeys(page)).toEqual(['userInfo', 'userSaves']);

      // Profile: prefilled; mismatched passwords are refused before anything is sent.
      await page.goto('/profile');
      expect(await page.getByLabel('Name').inputValue()).toBe('Story Tester');
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('placeholder')).toBe(
        'leave blank to keep the same',
      );
      expect(await page.getByLabel('Confirm Password').getAttribute('placeholder')).toBe(
        'leave blank to keep the same',
      );
      await page.getByLabel('Password', { exact: true }).fill('one-password');
      await page.getByLabel('Confirm Password').fill('another-password');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Password do not match').waitFor();

      // A new name (blank passwords keep the old one) shows in the top bar, also after a reload.
      await page.getByLabel('Password', { exact: true }).fill('');
      await page.getByLabel('Confirm Password').fill('');
      await page.getByLabel('Name').fill('Renamed Tester');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('User Updated Successfully').waitFor();
      await page.reload();
      await expect.poll(() => topBar(page).getByText('Renamed Tester', { exact: true }).isVisible()).toBe(true);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.name)).toBe(
        'Renamed Tester',
      );

      // Forgot password, signed out: the server's reply as a success toast, the link in the outbox.
      await signOutFromTopBar(page, 'Renamed Tester');
      await page.goto('/forget-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('If an account exists for that email').waitFor();

      // Reset: mismatch first, then the new password; the notice follows to /signin.
      await page.goto(await lastResetPath(server, email));
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill('not-the-same-1');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Password do not match').waitFor();
      await page.getByLabel('Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText('Password updated successfully').waitFor();

      // The old password no longer works (the server's message shows); the new one does.
      await fillSignIn(page, email, oldPassword);
      await page.getByRole('alert').getByText('Invalid email or password').waitFor();
      expect(pathOf(page)).toBe('/signin');
      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => topBar(page).getByText('Renamed Tester', { exact: true }).isVisible()).toBe(true);
    });
  });

  it('a used or unknown reset link says so when the page loads, with the way to a new one', async () => {
    await withPage(async (page) => {
      const response = await page.goto('/reset-password/not-a-real-token');
      expect(response?.status()).toBe(410);
      await page.getByRole('alert').getByText('This reset link has expired or was already used.').waitFor();
      expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Ask for a new link' }).click();
      await page.waitForURL((url) => url.pathname === '/forget-password');
    });
  });

  it('a link that dies while its page is open (used elsewhere) shows the server message on submit', async () => {
    const email = uniqueEmail('dying-link');
    await signUp(api, 'Dying Link', { email, password: 'dying-password-1' });
    await fetch(`${server.url}/api/users/forget-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const path = await lastResetPath(server, email);
    await withPage(async (page) => {
      await page.goto(path);
      await page.getByLabel('New Password', { exact: true }).fill('whatever-password-1');
      await page.getByLabel('Confirm New Password').fill('whatever-password-1');
      const used = await fetch(`${server.url}/api/users/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: path.split('/').pop(), password: 'used-elsewhere-1' }),
      });
      expect(used.status).toBe(200);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').getByText('Reset link is invalid or has expired').waitFor();
      await page.goto(path);
      await page.getByText('This reset link has expired or was already used.').waitFor();
    });
  });

  it('/profile signed out goes through /signin and comes back', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('redirect');
      // An account made through the API, as another device would.
      await signUp(api, 'Redirect Tester', { email, password: 'redirect-password-1' });

      await page.goto('/profile');
      expect(pathOf(page)).toBe('/signin?redirect=%2Fprofile');
      await fillSignIn(page, email, 'redirect-password-1');
      await page.waitForURL((url) => url.pathname === '/profile');
      expect(await page.getByLabel('Name').inputValue()).toBe('Redirect Tester');
    });
  });

  it('sign-up refuses mismatched passwords and a registered email', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('taken');
      await signUp(api, 'First Owner', { email, password: 'taken-password-1' });
      await page.goto('/signup');
      await page.getByLabel('Name').fill('Second Owner');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('taken-password-2');
      await page.getByLabel('Confirm Password').fill('taken-password-3');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Password do not match').waitFor();
      await page.getByLabel('Confirm Password').fill('taken-password-2');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('alert').getByText('Email is already registered').waitFor();
      expect(pathOf(page)).toBe('/signup');
      expect(await storageKeys(page)).toEqual([]);
    });
  });

  it('a stored user the server does not know is cleared on the next page', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await page.evaluate(() => {
        localStorage.setItem(
          'userInfo',
          JSON.stringify({ _id: 'gone', name: 'Gone', email: 'gone@example.com', isAdmin: false, token: 'x' }),
        );
        localStorage.setItem('userSaves', JSON.stringify({ numSaves: 2, saves: [] }));
      });
      await page.reload();
      await expect.poll(() => storageKeys(page)).toEqual([]);
    });
  });

  it('a sign-in form posted before the page’s scripts arrived stays signed in: the next page takes the session up', async () => {
    const email = uniqueEmail('early-form');
    await signUp(api, 'Early Clicker', { email, password: 'early-password-1' });
    await withPage(async (page, context) => {
      // A slow connection: the sign-in page's scripts never arrive, so the form posts itself as HTML.
      await page.route('**/_astro/**', (route) => route.abort());
      await page.goto('/signin', { waitUntil: 'commit' });
      await fillSignIn(page, email, 'early-password-1');
      await page.waitForURL((url) => url.pathname === '/');
      await page.unroute('**/_astro/**');

      await page.reload();
      await topBar(page).getByText('Early Clicker', { exact: true }).waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
      expect(stored).toMatchObject({ name: 'Early Clicker', email });
      expect(stored.token).toBeUndefined();
      // Still signed in on the server: a page rendered for the user opens.
      await page.goto('/saved');
      expect(pathOf(page)).toBe('/saved');
      expect((await context.cookies()).some((c) => c.name === 'session')).toBe(true);
    });
  });

  it('a sign-out that cannot reach the server ends the session on the next page that can', async () => {
    const email = uniqueEmail('offline-out');
    await signUp(api, 'Offline Leaver', { email, password: 'offline-password-1' });
    await withPage(async (page, context) => {
      await page.goto('/signin');
      await fillSignIn(page, email, 'offline-password-1');
      await page.waitForURL((url) => url.pathname === '/');
      await page.route('**/api/users/signout', (route) => route.abort('internetdisconnected'));
      // Signed out here, on the way to /signin, though the server still holds the session.
      const leaving = page.waitForRequest((request) => new URL(request.url()).pathname === '/signin');
      await topBar(page).getByText('Offline Leaver', { exact: true }).click();
      await topBar(page).getByRole('button', { name: 'Sign Out' }).click();
      await leaving;
      await page.unroute('**/api/users/signout');

      await page.goto('/');
      await expect
        .poll(async () => (await context.cookies()).some((c) => c.name === 'session'), { timeout: 10_000 })
        .toBe(false);
      await topBar(page).getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await storageKeys(page)).toEqual([]);
    });
  });

  it('without JavaScript the top bar of a page rendered for the user still searches, opens its menu and signs out', async () => {
    const email = uniqueEmail('nojs');
    await signUp(api, 'Plain Browser', { email, password: 'plain-password-1' });
    const signIn = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'plain-password-1' }),
    });
    const { token } = (await signIn.json()) as { token: string };

    await withPage(
      async (page, context) => {
        await context.addCookies([{ name: 'session', value: token, url: server.url }]);
        // Catalog pages draw the signed-in user with a script; a page rendered for the user needs none.
        await page.goto('/profile');
        await topBar(page).getByText('Plain Browser', { exact: true }).click();
        await topBar(page).getByRole('link', { name: 'User Profile' }).waitFor();

        await topBar(page).getByRole('button', { name: 'Sign Out' }).click();
        await page.waitForURL((url) => url.pathname === '/signin');
        await topBar(page).getByRole('link', { name: 'Sign In' }).waitFor();
        expect((await context.cookies()).some((c) => c.name === 'session')).toBe(false);

        await topBar(page).getByLabel('Search contents').fill('python');
        await topBar(page).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/search'));
        expect(new URL(page.url()).searchParams.get('searchTerm')).toBe('python');
      },
      { javaScriptEnabled: false },
    );
  });
});
