/**
 * The search's filters at first sight (docs/product.md, Search): the most used groups (Subjects, Level, Cost)
 * start open with their top options and "Show more", so "free + beginner" takes no expand click; the others
 * start folded. At a laptop's width (the sidebar) and a phone's (the drawer).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const isOpen = (page: Page, key: string) =>
  page.locator(`details[data-filter-group="${key}"]`).evaluate((details: HTMLDetailsElement) => details.open);

describe.skipIf(!hasBrowser)('the search filters at first sight', () => {
  const browser = useBrowser();
  const { server } = useServer();

  it('opens Subjects, Level and Cost with their top options; free + beginner in two clicks (laptop)', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto('/search');
    await hydrated(page);
    expect([await isOpen(page, 'category'), await isOpen(page, 'level'), await isOpen(page, 'cost')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await isOpen(page, 'techStack')).toBe(false);
    const subjects = page.locator('details[data-filter-group="category"]');
    // Any, the six that give the most results, and "Show more" for the rest.
    expect(await subjects.locator(':scope > ul > li > a[data-filter-option]').count()).toBe(6);
    const more = subjects.locator('details[data-more-options]');
    expect(await more.locator('summary').innerText()).toMatch(/^Show \d+ more$/);
    expect(await more.locator('summary').getAttribute('aria-label')).toMatch(/^Show \d+ more subjects$/);
    await more.locator('summary').click();
    await expect.poll(() => more.locator('a[data-filter-option]').first().isVisible()).toBe(true);

    await page.locator('a[data-filter-option="cost=Free"]').click();
    await page.waitForURL(/cost=Free/);
    await page.locator('a[data-filter-option="level=beginner"]').click();
    await page.waitForURL(
      (url) => url.searchParams.get('level') === 'beginner' && url.searchParams.get('cost') === 'Free',
    );
    await context.close();
  });

  it('opens the same groups in the phone’s drawer', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/search');
    await hydrated(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.locator('a[data-filter-option="cost=Free"]').waitFor();
    expect(await page.locator('a[data-filter-option="cost=Free"]').isVisible()).toBe(true);
    expect(await isOpen(page, 'level')).toBe(true);
    await context.close();
  });
});
