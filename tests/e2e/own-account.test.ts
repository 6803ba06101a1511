/**
 * An account its owner runs, in Chromium against the real server on the demo world (docs/product.md#pages, #how-things-change):
 * My Reviews (empty, listed, edited, deleted, on a phone), the data export downloaded from the profile, and
 * deleting the account: a wrong password said beside the field, then the reviews kept as "Former member".
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  hasBrowser,
  hydrated,
  nativeDialogs,
  recordToasts,
  signInThroughForm,
  toastsShown,
} from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PASSWORD = 'own-account-password-1';
const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasBrowser)('an account its owner runs, in the browser', () => {
  const browser = useBrowser();
  let contents: Array<{ _id: string; slug: string; name: string }>;

  const { server, api } = useServer();
  beforeAll(async () => {
    contents = (
      await api.call('searchContents', {
        query: { order: 'oldest' },
      })
    ).body.contents;
  });

  /** `run` on a page signed in as `user` through the form, at `viewport`; the page raises no error and opens no native dialog. */
  async function asUser(
    user: { email: string },
    run: (page: Page, context: BrowserContext) => Promise<void>,
    viewport = { width: 1280, height: 900 },
  ) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const opened = nativeDialogs(page);
    try {
      await signInThroughForm(page, { email: user.email, password: PASSWORD });
      await run(page, context);
      expect(problems).toEqual([]);
      expect(opened()).toEqual([]);
    } finally {
      await context.close();
    }
  }

  const items = (page: Page) => page.locator('[data-my-review]');

  it('My Reviews: reached from the user menu, empty at first, then each review with its content, edited and deleted in place, on a phone', async () => {
    const user = await signUp(api, 'Rhea Reviewer', { password: PASSWORD });
    await asUser(
      user,
      async (page) => {
        await page.goto('/');
        // A phone's top bar is folded behind its menu button.
        await page.locator('label[for="nav-toggle"]').click();
        await page.getByText('Rhea Reviewer', { exact: true }).click();
        await page.getByRole('link', { name: 'My Reviews' }).click();
        await page.waitForURL((url) => url.pathname === '/my-reviews');
        const empty = page.locator('[data-my-reviews-empty]');
        expect(await empty.textContent()).toContain('You have not reviewed anything yet.');
        expect(await empty.getByRole('link', { name: 'Find something to review' }).getAttribute('href')).toBe(
          '/search',
        );

        const [older, newer] = [contents[0]!, contents[1]!];
        for (const [content, rating, comment] of [
          [older, 3, 'Good, a little dry.'],
          [newer, 5, 'The best I have found.'],
        ] as const) {
          expect(
            (
              await api.call('createReview', {
                params: { id: content._id },
                body: { rating, comment },
                token: user.token,
              })
            ).status,
          ).toBe(201);
        }
        await page.reload();
        await hydrated(page);
        expect(await page.locator('[data-my-reviews-total]').textContent()).toBe('2 reviews');
        expect(await items(page).locator('a').allTextContents()).toEqual([newer.name, older.name]);
        expect(await items(page).first().getByRole('img').getAttribute('aria-label')).toBe('Rated 5 out of 5');
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

        // Edit in place, with the content page's form.
        const first = items(page).first();
        await first.getByRole('button', { name: `Edit your review of ${newer.name}` }).click();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await first.getByLabel('Comment').fill('Still the best, after a second look.');
        await first.getByRole('radio', { name: '4 stars' }).check({ force: true });
        await first.getByRole('button', { name: 'Save review' }).click();
        await first.getByText('Still the best, after a second look.').waitFor();
        expect(await first.getByRole('img').getAttribute('aria-label')).toBe('Rated 4 out of 5');
        const mine = (
          await api.call('myReviews', {
            token: user.token,
          })
        ).body.reviews;
        expect(mine[0]).toMatchObject({ rating: 4, comment: 'Still the best, after a second look.' });

        // Delete, after "Delete your review?".
        await items(page)
          .nth(1)
          .getByRole('button', { name: `Delete your review of ${older.name}` })
          .click();
        expect(await answerConfirmation(page, 'Delete')).toBe('Delete your review?');
        await expect.poll(() => items(page).count()).toBe(1);
        expect(await page.locator('[data-my-reviews-total]').textContent()).toBe('1 review');
        expect(
          (
            await api.call('myReviews', {
              token: user.token,
            })
          ).body.total,
        ).toBe(1);
      },
      PHONE,
    );
  });

  it('the profile’s Download your data saves a dated JSON file of the account', async () => {
    const user = await signUp(api, 'Dana Download', { password: PASSWORD });
    expect(
      (
        await api.call('save', {
          params: { id: contents[2]!._id },
          token: user.token,
        })
      ).status,
    ).toBe(200);
    await asUser(user, async (page) => {
      await page.goto('/profile');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download your data' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`skillshelf-export-${new Date().toISOString().slice(0, 10)}.json`);
      const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(data.account).toMatchObject({ _id: user._id, name: 'Dana Download', email: user.email, role: 'user' });
      expect(data.saves.map((s: { content: { _id: string } }) => s.content._id)).toEqual([contents[2]!._id]);
      expect(data.sessions.count).toBe(2);
    });
  });

  it('deleting the account: a wrong password is said beside the field; then the reviews stay as “Former member” and the user lands home', async () => {
    const user = await signUp(api, 'Leah Leaving', { password: PASSWORD });
    const content = contents[3]!;
    expect(
      (
        await api.call('createReview', {
          params: { id: content._id },
          body: { rating: 2, comment: 'Not for me, sadly.' },
          token: user.token,
        })
      ).status,
    ).toBe(201);
    await asUser(user, async (page, context) => {
      await recordToasts(context);
      // The content's page, cached with the review under its author's name.
      await page.goto(`/content/${content.slug}`);
      await page.locator('[data-reviews]').getByText('Leah Leaving').first().waitFor();

      await page.goto('/profile');
      await hydrated(page);
      const consequences = await page.locator('[data-deletion-consequences]').textContent();
      expect(consequences).toContain('your reviews are removed or anonymised, as you choose;');
      expect(consequences).toContain('your submissions are kept without your name;');
      expect(consequences).toContain('your saves and sessions are deleted');
      await page.getByRole('button', { name: 'Delete your account…' }).click();
      expect(await page.getByRole('radio', { name: /Anonymise my reviews/ }).isChecked()).toBe(true);
      const password = page.getByLabel('Your password');
      await password.fill('not-my-password');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const error = page.locator('[data-field-error="accountPassword"]');
      await error.waitFor();
      expect(await error.textContent()).toBe('Password is incorrect');
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(
        (
          await api.call('getProfile', {
            token: user.token,
          })
        ).status,
      ).toBe(200);

      await password.fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => toastsShown(page)).toContain('Your account was deleted');
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('session');
      // The page shows the visitor's top bar.
      await page.getByRole('link', { name: 'Sign In' }).first().waitFor();

      await page.goto(`/content/${content.slug}`);
      const reviews = page.locator('[data-reviews]');
      await reviews.getByText('Former member').waitFor();
      expect(await reviews.textContent()).toContain('Not for me, sadly.');
      expect(await reviews.textContent()).not.toContain('Leah Leaving');
    });
  });
});
