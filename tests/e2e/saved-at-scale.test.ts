/**
 * The Saved page with 2,000 saves in Chromium against the real server: the first screen and a search timed
 * (server and browser), sorting and the filters by list and progress with their counts, the compact and card
 * views (remembered across a reload), a selection changed in one go (progress, a list, removal), the loading,
 * empty, "no match" and error states, at 1366 and 390 px, axe-clean in both themes.
 */
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { insertContentStatements } from '../../db/catalog/content-rows.ts';
import { contentInput } from '../../db/catalog/validation/contents.ts';
import { newId } from '../../db/ids.ts';
import { listItems, progress, saves } from '../../db/schema.ts';
import { answerConfirmation, hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { databaseAuthToken } from '../setup/test-database.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const SAVES = 2000;
const SCREENS = new URL('../../scratch/screens/', import.meta.url).pathname;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}saved-${name}.png` });
const PASSWORD = 'saved-password-1';

describe.skipIf(!hasBrowser)('the Saved page with 2,000 saves, in the browser', () => {
  const browser = useBrowser();
  let ada: { email: string; token: string; _id: string };
  let listId: string;
  const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    const account = await signUp(api, 'Ada Keeps', { password: PASSWORD });
    ada = { email: account.email, token: account.token, _id: account.user._id };
    // 2,000 contents and their saves written straight into the server's database, in a few batches.
    const db = await openDb({ url: server.dbUrl, authToken: databaseAuthToken(server.dbUrl) });
    const ids: string[] = [];
    const statements = [];
    for (let i = 1; i <= SAVES; i++) {
      const id = newId();
      ids.push(id);
      const input = contentInput.parse({
        name: `Shelf course ${String(i).padStart(4, '0')}`,
        slug: `shelf-course-${i}-${id}`,
        url: `https://shelf-course-${i}.example.org/`,
        description: 'A course to keep.',
        category: ['Web Development'],
        techStack: [],
        type: [],
      });
      statements.push(...insertContentStatements(db, id, input));
    }
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    const start = Date.now() - SAVES * 60_000;
    await db
      .insert(saves)
      .values(ids.map((contentId, i) => ({ userId: ada._id, contentId, createdAt: new Date(start + i * 60_000) })));
    await db
      .insert(progress)
      .values(ids.slice(0, 300).map((contentId) => ({ userId: ada._id, contentId, state: 'done' }) as const));
    db.$client.close();
    const list = await api.call('createList', { body: { name: 'Evenings' }, token: ada.token });
    listId = list.body._id;
    // Three of the saves in the list: the oldest ones.
    const db2 = await openDb({ url: server.dbUrl, authToken: databaseAuthToken(server.dbUrl) });
    await db2.insert(listItems).values(ids.slice(0, 3).map((contentId, position) => ({ listId, contentId, position })));
    db2.$client.close();
  }, 120_000);

  async function signedInPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height }, bypassCSP: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await signInThroughForm(page, { email: ada.email, password: PASSWORD });
    return page;
  }

  const items = (page: Page) => page.locator('[data-saved-item]');
  const names = (page: Page) => page.locator('[data-saved-item] a[href^="/content/"]').allTextContents();

  it('shows the first screen and a search fast, sorts and filters with counts, and passes axe', async () => {
    // The server's time for the first page of 2,000 saves, warm.
    await api.call('mySaved', { token: ada.token });
    let began = performance.now();
    const first = await api.call('mySaved', { token: ada.token });
    const serverMs = performance.now() - began;
    expect(first.body).toMatchObject({ numSaves: SAVES, total: SAVES, pages: 40 });
    began = performance.now();
    await api.call('mySaved', { query: { search: 'course 1999' }, token: ada.token });
    const serverSearchMs = performance.now() - began;

    const page = await signedInPage(1366, 900);
    began = performance.now();
    await page.goto('/saved', { waitUntil: 'commit' });
    await items(page).first().waitFor();
    const browserMs = performance.now() - began;
    await hydrated(page);
    expect(await items(page).count()).toBe(50);
    expect((await names(page))[0]).toBe('Shelf course 2000');
    expect(await page.locator('[data-saved-page]').textContent()).toBe('Page 1 of 40');
    // Next is a link to the page's address, which the server renders too (before the island, or without it).
    expect(await page.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('?page=2');
    expect(await page.locator('[data-saved-total]').textContent()).toBe('Total Content: 2000');
    expect(await page.locator('[data-progress-bar]').textContent()).toContain('300 of 2000 done');
    const progressOptions = await page.locator('[data-progress-filter] option').allTextContents();
    expect(progressOptions).toEqual([
      'Any (2000)',
      'Want to learn (0)',
      'Learning (0)',
      'Done (300)',
      'Not started (1700)',
    ]);
    expect(await page.locator('[data-saved-list-filter] option').allTextContents()).toEqual([
      'All lists',
      'Evenings (3)',
    ]);
    expect(await axeViolations(page, 'saved, 2,000, compact')).toEqual([]);
    await shot(page, 'laptop-compact');

    // A search typed: the list follows, from the server.
    began = performance.now();
    await page.locator('[data-saved-search]').fill('course 1999');
    await expect.poll(() => names(page), { interval: 20 }).toEqual(['Shelf course 1999']);
    const searchMs = performance.now() - began;
    expect(new URL(page.url()).search).toBe('?search=course+1999');

    await page.locator('[data-saved-search]').fill('');
    await expect.poll(() => items(page).count()).toBe(50);
    await page.locator('[data-saved-sort]').selectOption('name:asc');
    await expect.poll(async () => (await names(page))[0]).toBe('Shelf course 0001');
    await page.locator('[data-saved-list-filter]').selectOption(listId);
    await expect.poll(() => names(page)).toEqual(['Shelf course 0001', 'Shelf course 0002', 'Shelf course 0003']);
    await page.locator('[data-saved-list-filter]').selectOption('');
    await page.locator('[data-progress-filter]').selectOption('done');
    await expect.poll(() => page.locator('[data-saved-page]').textContent()).toBe('Page 1 of 6');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => page.locator('[data-saved-page]').textContent()).toBe('Page 2 of 6');
    expect((await names(page))[0]).toBe('Shelf course 0051');
    // The address carries the query: a reload shows the same page.
    await page.reload();
    await hydrated(page);
    expect(await page.locator('[data-saved-page]').textContent()).toBe('Page 2 of 6');

    // Nothing matches: said so, with a way back.
    await page.locator('[data-saved-search]').fill('no such course at all');
    await page.locator('[data-saved-filtered-empty]').waitFor();
    expect(await page.locator('[data-saved-filtered-empty]').textContent()).toContain('No saved item matches.');
    expect(await axeViolations(page, 'saved, no match')).toEqual([]);
    await shot(page, 'laptop-no-match');
    await page.getByRole('button', { name: 'Show all saved' }).click();
    await expect.poll(() => items(page).count()).toBe(50);

    console.info(
      `Saved page, ${SAVES} saves: server ${serverMs.toFixed(1)} ms (a search ${serverSearchMs.toFixed(1)} ms); browser to first results ${browserMs.toFixed(0)} ms; a typed search to its results ${searchMs.toFixed(0)} ms (with the 250 ms pause after typing)`,
    );
    expect(serverMs).toBeLessThan(500);
    expect(browserMs).toBeLessThan(5000);
    await page.context().close();
  }, 120_000);

  it('changes a selection in one go, remembers the card view, and shows loading and error states', async () => {
    const page = await signedInPage(1366, 900);
    await page.goto('/saved?sort=name&order=desc');
    await hydrated(page);
    const three = (await names(page)).slice(0, 3);
    expect(three).toEqual(['Shelf course 2000', 'Shelf course 1999', 'Shelf course 1998']);
    for (const name of three) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bulk = page.locator('[data-saved-bulk]');
    expect(await bulk.locator('[data-saved-selected-count]').textContent()).toBe('3 selected');
    expect(await axeViolations(page, 'saved, three selected')).toEqual([]);
    await shot(page, 'laptop-selected');

    await bulk.getByLabel('Progress to set on the selected').selectOption('learning');
    await bulk.getByRole('button', { name: 'Set progress' }).click();
    await page.locator('[data-toast]', { hasText: '3 resources marked “Learning”' }).waitFor();
    await expect
      .poll(() => page.locator('[data-progress-filter] option[value="learning"]').textContent())
      .toBe('Learning (3)');

    for (const name of three.slice(0, 2)) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await bulk.getByLabel('List to add the selected to').selectOption(listId);
    await bulk.getByRole('button', { name: 'Add to list' }).click();
    await page.locator('[data-toast]', { hasText: '2 resources added to “Evenings”' }).waitFor();
    await expect
      .poll(() => page.locator(`[data-saved-list-filter] option[value="${listId}"]`).textContent())
      .toBe('Evenings (5)');

    await page.locator('[data-saved-select-all]').check();
    expect(await bulk.locator('[data-saved-selected-count]').textContent()).toBe('50 selected');
    await page.locator('[data-saved-select-all]').uncheck();
    await page.getByRole('checkbox', { name: `Select ${three[2]}` }).check();
    await bulk.getByRole('button', { name: 'Remove' }).click();
    expect(await answerConfirmation(page, 'Remove')).toBe('Remove 1 resource from saved?');
    await page.locator('[data-toast]', { hasText: '1 resource removed from saved' }).waitFor();
    await expect.poll(() => page.locator('[data-saved-total]').textContent()).toBe(`Total Content: ${SAVES - 1}`);
    expect(await names(page)).not.toContain(three[2]);
    await expect.poll(() => page.locator('[data-saved-badge]').first().textContent()).toBe(String(SAVES - 1));

    // Cards, kept for the next visit: the server draws them.
    await page.getByRole('button', { name: 'Cards' }).click();
    expect(await page.locator('[data-saved-list]').getAttribute('data-view')).toBe('cards');
    await page.reload();
    expect(await page.locator('[data-saved-list]').getAttribute('data-view')).toBe('cards');
    await hydrated(page);
    expect(await page.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page, 'saved, cards')).toEqual([]);
    await shot(page, 'laptop-cards');

    // Loading: the list says it is busy while the server answers; then an error, and Retry.
    let release = () => {};
    await page.route('**/api/users/saved?*', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.abort();
    });
    await page.locator('[data-progress-filter]').selectOption('none');
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBeGreaterThan(0);
    release();
    await page.locator('[data-saved-error]').waitFor();
    expect(await page.locator('[data-saved-error]').textContent()).toContain('could not be reached');
    expect(await axeViolations(page, 'saved, error')).toEqual([]);
    await shot(page, 'laptop-error');
    await page.unroute('**/api/users/saved?*');
    await page.locator('[data-saved-error]').getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('[data-saved-error]').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('fits a phone in both views, and a new account sees the empty state', async () => {
    const page = await signedInPage(390, 844);
    await page.goto('/saved');
    await hydrated(page);
    // The first screen reaches the saves: the sort, filters and view fold under one button.
    expect(await page.getByRole('button', { name: 'Cards' }).isVisible()).toBe(false);
    // Two saves whole on the first screen.
    const secondBottom = await items(page)
      .nth(1)
      .evaluate((item) => item.getBoundingClientRect().bottom);
    await shot(page, 'phone-first-screen');
    expect(secondBottom).toBeLessThanOrEqual(844);
    const more = page.getByRole('button', { name: /^Sort and filter/ });
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    for (const view of ['Compact', 'Cards']) {
      await page.getByRole('button', { name: view }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The name keeps room to be read beside its checkbox, picture and trash.
      const cut = await items(page)
        .first()
        .locator('a[href^="/content/"]')
        .evaluate((link) => link.scrollWidth > link.clientWidth);
      expect(cut).toBe(false);
      expect(await axeViolations(page, `saved, phone, ${view}`)).toEqual([]);
      await shot(page, `phone-${view.toLowerCase()}`);
    }
    await page.context().close();

    const { email } = await signUp(api, 'Newcomer', { password: PASSWORD });
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const fresh = await context.newPage();
    await signInThroughForm(fresh, { email, password: PASSWORD });
    await fresh.goto('/saved');
    await hydrated(fresh);
    expect(await fresh.locator('[data-saved-empty]').textContent()).toContain('Page is empty.');
    expect(await fresh.locator('[data-saved-search]').count()).toBe(0);
    expect(await axeViolations(fresh, 'saved, empty')).toEqual([]);
    await shot(fresh, 'phone-empty');
    await context.close();
  }, 120_000);
});
