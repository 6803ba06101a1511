/**
 * One notice at a time, and no stale ones: a form's error goes as soon as its input changes, and an error
 * alert replaces a success toast still on screen (docs/product.md#audience-and-page-frame).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, withSignedInPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

const PASSWORD = 'notices-password-1';

describe.skipIf(!hasBrowser)('form notices', () => {
  const browser = useBrowser();

  const { server, api } = useServer();

  async function signedIn(run: (page: Page, email: string) => Promise<void>) {
    const { email } = await signUp(api, 'Notice Tester', { password: PASSWORD });
    await withSignedInPage(browser, server.url, { email, password: PASSWORD }, (page) => run(page, email));
  }

  it('the submit form’s “already listed” alert goes when a new URL is typed', async () => {
    await signedIn(async (page) => {
      await page.goto('/submit-content');
      await hydrated(page);
      await page.getByLabel('Website URL').fill('https://news.ycombinator.com/');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'already listed' });
      await alert.waitFor();
      await page.getByLabel('Website URL').fill('https://a-new-site.example.org/');
      await expect.poll(() => alert.count()).toBe(0);
    });
  });

  it('on the profile, an error after a saved change replaces the success toast: one notice at a time', async () => {
    const { email: taken } = await signUp(api, 'Taken', { password: PASSWORD });
    await signedIn(async (page) => {
      await page.goto('/profile');
      await hydrated(page);
      await page.getByLabel('Name').fill('Notice Tester Renamed');
      await page.getByRole('button', { name: 'Update' }).click();
      const success = page.locator('[data-toast]', { hasText: 'User Updated Successfully' });
      await success.waitFor();
      await page.getByLabel('Email').fill(taken);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('alert').filter({ hasText: 'Email is already registered' }).waitFor();
      await expect.poll(() => success.count()).toBe(0);
    });
  });
  it('the server’s word on a field shows beside that field, focused, not as the alert', async () => {
    await signedIn(async (page, email) => {
      // Signed in 20 minutes ago: a new password now needs the current one, which the server checks.
      await sqlRows(
        server.dbUrl,
        'UPDATE sessions SET created_at = created_at - 1200000 WHERE user_id = (SELECT id FROM users WHERE email = ?)',
        [email],
      );
      await page.goto('/profile');
      await hydrated(page);
      await page.getByLabel('Password', { exact: true }).fill('a-new-password-2');
      await page.getByLabel('Confirm Password').fill('a-new-password-2');
      await page.getByLabel('Current Password').fill('not-my-password');
      await page.getByRole('button', { name: 'Update' }).click();
      const beside = page.locator('[data-field-error="currentPassword"]', { hasText: 'Current password is incorrect' });
      await beside.waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-currentPassword');
      expect(await page.locator('#field-currentPassword').getAttribute('aria-describedby')).toContain(
        'field-currentPassword-error',
      );
    });
  });
});
