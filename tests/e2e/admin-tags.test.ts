/**
 * The admin's tags screen in a real browser: find a tag, add one, rename it, merge one into another and
 * retire one, each reported and reflected in the table; the catalog's old links follow the change.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  hasBrowser,
  hydrated,
  nativeDialogs,
  newContext,
  signInThroughForm,
} from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });
const tagRow = (page: Page, kindValue: string) => page.locator(`tr[data-tag="${kindValue}"]`);

describe.skipIf(!hasBrowser)('the tags screen', () => {
  const browser = useBrowser();
  let page: Page;
  let opened: () => string[];

  const { server } = useServer();
  beforeAll(async () => {
    const context = await newContext(browser, server.url);
    page = await context.newPage();
    opened = nativeDialogs(page);
    await signInThroughForm(page, DEMO_ADMIN);
  });

  it('is reached from the admin tabs and lists every tag with its use; the view stays in the address', async () => {
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Tags' }).click();
    await page.waitForURL('**/admin/tags');
    await hydrated(page);
    await expect.poll(() => tagRow(page, 'techStack:python').count()).toBe(1);
    const pythonUse = Number(await tagRow(page, 'techStack:python').locator('td').nth(3).innerText());
    expect(pythonUse).toBeGreaterThan(0);

    await page.getByRole('search').getByLabel('Kind').selectOption('techStack');
    await page.getByRole('search').getByLabel('Find').fill('java');
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=techStack&search=java');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2); // Java, JavaScript
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await expect.poll(() => page.getByLabel('Find').inputValue()).toBe('java');
    await page.getByLabel('Find').fill('no such tag at all');
    await expect.poll(() => page.getByText('No tags match this view').count()).toBe(1);
    await page.goto('/admin/tags');
    await hydrated(page);
  });

  it('adds a tag (a bad label is named before it is sent), then renames it', async () => {
    const form = page.getByRole('form', { name: 'Add a tag' });
    await form.getByLabel('Kind').selectOption('techStack');
    await form.getByLabel('New tag').fill('---');
    await form.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => form.getByText('A tag needs a label with a letter or a digit').count()).toBe(1);
    await form.getByLabel('New tag').fill('Elixr');
    await form.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => toast(page, "The techStack 'Elixr' was added").count()).toBe(1);
    await expect.poll(() => tagRow(page, 'techStack:elixr').count()).toBe(1);

    await tagRow(page, 'techStack:elixr').getByRole('button', { name: 'Rename Elixr' }).click();
    await page.getByLabel('New label').fill('Elixir');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, "Renamed to 'Elixir'; links to elixr lead to elixir").count()).toBe(1);
    await expect.poll(() => tagRow(page, 'techStack:elixir').count()).toBe(1);
    expect(await tagRow(page, 'techStack:elixr').count()).toBe(0);
  });

  it('merges a tag into another: the counts move, the first goes, and its old link leads to the second', async () => {
    const use = async (kindValue: string) => Number(await tagRow(page, kindValue).locator('td').nth(3).innerText());
    const [rails, ruby] = [await use('techStack:rails'), await use('techStack:ruby')];
    await tagRow(page, 'techStack:rails').getByRole('button', { name: 'Merge Rails' }).click();
    await page.getByLabel('Merge Rails into').selectOption({ label: `Ruby (${ruby})` });
    await page.getByRole('form', { name: 'Merge Rails' }).getByRole('button', { name: 'Merge' }).click();
    expect(await answerConfirmation(page, 'Merge')).toMatch(
      /^Merge 'Rails' \(\d+ contents\) into 'Ruby' \(\d+ contents\)\?$/,
    );
    await expect.poll(() => toast(page, "Merged 'Rails' into 'Ruby'").count()).toBe(1);
    await expect.poll(() => tagRow(page, 'techStack:rails').count()).toBe(0);
    const merged = await use('techStack:ruby');
    expect(merged).toBeGreaterThanOrEqual(Math.max(rails, ruby));
    expect(merged).toBeLessThanOrEqual(rails + ruby);

    const response = await page.goto('/search?techStack=rails');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('?techStack=ruby');
    await page.goto('/admin/tags');
    await hydrated(page);
  });

  it('retires a tag (marked, no longer offered in the filters) and restores it', async () => {
    // A danger action, quiet in each row: no filled button.
    const retire = tagRow(page, 'type:webinars').getByRole('button', { name: 'Retire Webinars' });
    expect(await retire.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    await retire.click();
    expect(await answerConfirmation(page, 'Retire')).toBe("Retire 'Webinars'?");
    await expect.poll(() => tagRow(page, 'type:webinars').getByText('retired').count()).toBe(1);
    await tagRow(page, 'type:webinars').getByRole('button', { name: 'Restore Webinars' }).click();
    await expect.poll(() => tagRow(page, 'type:webinars').getByText('active').count()).toBe(1);
    // Asked in the site's dialog, never the browser's.
    expect(opened()).toEqual([]);
  });
});
