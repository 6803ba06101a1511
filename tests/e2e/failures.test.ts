/**
 * Failures in words (docs/product.md#messages): a request that gets no answer says what happened and what to
 * do, offers Retry, and one quiet banner shows until the connection is back; a review keeps what was typed;
 * the search box says "Suggestions are unavailable" when their script cannot be loaded. A laptop and a phone.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, nativeDialogs, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string }> }> } }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    });
    return violations.map((v) => v.id);
  });
}

describe.skipIf(!hasBrowser)('failures, told in words', () => {
  const browser = useBrowser();
  let slug: string;
  const { server, api } = useServer();
  beforeAll(async () => {
    slug = (
      await api.call('searchContents', {
        query: { order: 'oldest' },
      })
    ).body.contents[0].slug;
  });

  for (const size of SIZES)
    it(`a save that gets no answer says so, offers Retry, and a banner shows until it is back (${size.name})`, async () => {
      const person = await signUp(api, `Offline ${size.name}`);
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: size,
          colorScheme: theme,
          bypassCSP: true,
        });
        const page = await context.newPage();
        const opened = nativeDialogs(page);
        await signInThroughForm(page, person);
        await page.goto(`/content/${slug}`);
        await hydrated(page);

        // The server out of reach: every request of the page, not only the save, so that no other answer
        // (a background fetch) says the connection is back while the test looks.
        const unreachable = (url: URL) => url.pathname.startsWith('/api/') || url.pathname === '/healthz';
        await page.route(unreachable, (route) => route.abort('internetdisconnected'));
        const save = page.locator('main [data-save-toggle]').first();
        const wanted = (await save.getAttribute('aria-pressed')) !== 'true';
        await save.click();
        const toast = page.locator('[data-toast="error"]');
        await expect
          .poll(() => toast.locator('[data-toast-message]').textContent())
          .toBe('Skillshelf could not be reached: check your connection, then try again.');
        const banner = page.locator('[data-connection-banner]');
        await banner.waitFor();
        expect(await banner.textContent()).toContain('No connection to Skillshelf');
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/shots/failure-${size.name}-${theme}.png`, animations: 'disabled' });

        // A person reaching for Retry: the pointer holds the notice, which would otherwise go after 8 s.
        await toast.hover();
        await page.unroute(unreachable);
        await toast.getByRole('button', { name: 'Retry' }).click();
        await expect.poll(() => save.getAttribute('aria-pressed')).toBe(String(wanted));
        await banner.waitFor({ state: 'hidden' });
        expect(opened()).toEqual([]);
        await context.close();
      }
    });

  it('an answer to a request sent before the connection was lost leaves its banner up', async () => {
    const person = await signUp(api, 'Offline Late Answer');
    const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[0] });
    const page = await context.newPage();
    await signInThroughForm(page, person);
    // The page's own read of its content is held on its way until the connection is lost.
    let seen!: () => void;
    const sent = new Promise<void>((resolve) => (seen = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contents/slug/**', async (route) => {
      seen();
      await released;
      await route.continue();
    });
    await page.goto(`/content/${slug}`);
    await hydrated(page);
    await sent;

    const unreachable = (url: URL) => url.pathname.startsWith('/api/users/') || url.pathname === '/healthz';
    await page.route(unreachable, (route) => route.abort('internetdisconnected'));
    await page.locator('main [data-save-toggle]').first().click();
    const banner = page.locator('[data-connection-banner]');
    await banner.waitFor();
    const answered = page.waitForResponse((response) => response.url().includes('/api/contents/slug/'));
    release();
    expect((await answered).status()).toBe(200);
    // The late answer is read within milliseconds: the banner would be hidden well within the second.
    const hidden = await page
      .waitForFunction(() => document.querySelector<HTMLElement>('[data-connection-banner]')!.hidden, null, {
        timeout: 1000,
      })
      .then(
        () => true,
        () => false,
      );
    expect(hidden).toBe(false);
    await context.close();
  });

  it('a review that gets no answer keeps what was typed and posts it on Retry', async () => {
    const reviewer = await signUp(api, 'Offline Reviewer');
    const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[0] });
    const page = await context.newPage();
    await signInThroughForm(page, reviewer);
    await page.goto(`/content/${slug}`);
    await hydrated(page);
    const form = page.locator('form[aria-labelledby="review-form-heading"]');
    await form.waitFor();
    await form.getByRole('radio', { name: /4/ }).first().check({ force: true });
    await form.getByRole('textbox').fill('Clear and well paced, with exercises.');
    await page.route('**/reviews', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: /Post review/i }).click();
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Skillshelf could not be reached');
    expect(await form.getByRole('textbox').inputValue()).toBe('Clear and well paced, with exercises.');
    await page.unroute('**/reviews');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByText('Clear and well paced, with exercises.').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a review that cannot be loaded says so where the form goes, and Retry brings the form', async () => {
    const reader = await signUp(api, 'Offline Reader');
    const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[1] });
    const page = await context.newPage();
    await signInThroughForm(page, reader);
    const mine = (url: URL) => url.pathname.endsWith('/reviews/mine');
    await page.route(mine, (route) => route.abort('internetdisconnected'));
    await page.goto(`/content/${slug}`);
    const failed = page.locator('#reviews [data-reviews-failed]');
    await expect
      .poll(() => failed.textContent())
      .toContain('Your review could not be loaded. Skillshelf could not be reached');
    expect(await page.locator('#reviews [role="status"][aria-label="Loading your review"]').count()).toBe(0);
    await page.unroute(mine);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.locator('#reviews').getByRole('heading', { name: 'Write a Review' }).waitFor();
    expect(await failed.count()).toBe(0);
    await context.close();
  });

  it('the search box says "Suggestions are unavailable" when their script cannot be loaded', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[0] });
    const page = await context.newPage();
    await page.route(/suggest-box.*\.js/, (route) => route.abort('failed'));
    await page.goto('/');
    await hydrated(page);
    await page.locator('header input[name="searchTerm"]').first().focus();
    await page.getByText('Suggestions are unavailable. Press Enter to search.').waitFor();
    await context.close();
  });
});
