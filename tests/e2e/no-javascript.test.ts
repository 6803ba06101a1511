/**
 * The account forms without JavaScript: sign up, sign in, ask for a reset link and reset the password as
 * plain HTML form posts, with the same messages as with JavaScript; what needs JavaScript says so. A form
 * posted from another site is refused (login CSRF).
 */
import { mailedResetToken } from '../setup/sql.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newContext } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PASSWORD = 'no-script-password-1';

describe.skipIf(!hasBrowser)('account forms without JavaScript', () => {
  const browser = useBrowser();

  const { server, api } = useServer();

  async function withoutScript(run: (page: Page, context: BrowserContext) => Promise<void>) {
    const context = await newContext(browser, server.url, { javaScriptEnabled: false });
    try {
      await run(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  const signedInAs = async (page: Page) => {
    await page.goto('/profile');
    return new URL(page.url()).pathname === '/profile' ? page.getByLabel('Email').inputValue() : null;
  };

  it('signs up (a mismatch is named and the name and email kept), then signs in and out', async () => {
    const email = uniqueEmail('no-script');
    await withoutScript(async (page, context) => {
      await page.goto('/signup?redirect=%2Fsaved');
      // What needs JavaScript says so (in <noscript>, which a browser without JavaScript shows).
      expect(await page.locator('noscript').first().innerHTML()).toContain(
        'saving, reviews, submitting links and the admin screens need it',
      );
      await page.getByLabel('Name').fill('Plain Form');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill('something-else-1');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('alert').getByText('Password do not match').waitFor();
      expect([await page.getByLabel('Name').inputValue(), await page.getByLabel('Email').inputValue()]).toEqual([
        'Plain Form',
        email,
      ]);

      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL((url) => url.pathname === '/saved');
      expect(await signedInAs(page)).toBe(email);

      await context.clearCookies();
      await page.goto('/signin');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('alert').getByText('Invalid email or password').waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await signedInAs(page)).toBe(email);
    });
  });

  it('asks for a reset link and sets a new password with it', async () => {
    const email = uniqueEmail('no-script-reset');
    await signUp(api, 'Reset Form', { email, password: PASSWORD });
    await withoutScript(async (page) => {
      await page.goto('/forget-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('status').filter({ hasText: 'reset' }).first().waitFor();

      const path = `/reset-password/${await mailedResetToken(server.dbUrl, email)}`;
      await page.goto(path);
      await page.getByLabel('New Password', { exact: true }).fill('a-new-password-2');
      await page.getByLabel('Confirm New Password').fill('a-new-password-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByRole('status').getByText('Password updated successfully').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a-new-password-2');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await signedInAs(page)).toBe(email);
    });
  });

  it('a sign-in form posted from another site is refused, and signs nobody in', async () => {
    const email = uniqueEmail('csrf');
    await signUp(api, 'Csrf', { email, password: PASSWORD });
    const body = new URLSearchParams({ email, password: PASSWORD });
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const headers of foreign) {
      const res = await fetch(`${server.url}/signin`, { method: 'POST', body, headers, redirect: 'manual' });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const ours = await fetch(`${server.url}/signin`, {
      method: 'POST',
      body,
      headers: { origin: server.url },
      redirect: 'manual',
    });
    expect(ours.status).toBe(303);
    expect(ours.headers.get('set-cookie')).toMatch(/session=/);
  });
});
