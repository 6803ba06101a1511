/**
 * The search filters on a phone (390×844), docs/product.md §2: below lg they wait in a drawer behind
 * "Filters (n)". With JavaScript the drawer is a modal dialog: the keyboard moves into it and stays there,
 * "Close filters" and Escape close it and give the keyboard back to the button, and the page behind is out of
 * reach. Without JavaScript the drawer opens and closes all the same, and each filter is a link that applies
 * at once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser } from '../setup/browser.ts';
import { startServer, type TestServer } from '../setup/server.ts';

const PHONE = { width: 390, height: 844 };
const SEARCH = '/search?category=web-development';

const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters \(\d+\)$/ });
const drawer = (page: Page) => page.locator('#filters-drawer');
const group = (page: Page, title: string) => drawer(page).getByRole('list', { name: title });
const option = (page: Page, title: string, label: string) => group(page, title).getByRole('link', { name: new RegExp(`^${label}\\b`) });
/** Where the keyboard is: an element of the drawer by its name (and address), or "outside". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el?.closest('#filters-drawer')) return `outside: ${el?.tagName ?? 'none'} ${el?.id ?? ''}`;
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText).trim().replace(/\s+/g, ' ');
    return `${el.tagName.toLowerCase()} ${name}${el instanceof HTMLAnchorElement ? ` ${el.getAttribute('href')}` : ''}`;
  });

describe.skipIf(!hasBrowser)('the filter drawer on a phone', () => {
  let server: TestServer;
  let browser: Browser;
  let phone: BrowserContext;
  let phoneNoJs: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const context = (javaScriptEnabled: boolean) => browser.newContext({ baseURL: server.url, viewport: PHONE, javaScriptEnabled });
    [phone, phoneNoJs] = await Promise.all([context(true), context(false)]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  it('is modal for the keyboard: focus moves in, Tab stays inside, "Close filters" and Escape give focus back to the button', async () => {
    const page = await open(phone, SEARCH);
    // Opened by the keyboard, as someone without a mouse does.
    for (let presses = 0; presses < 30 && !(await filtersButton(page).evaluate((el) => el === document.activeElement)); presses++)
      await page.keyboard.press('Tab');
    expect(await filtersButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Filters' }).isVisible()).toBe(true);
    expect(await focused(page)).not.toMatch(/^outside/);
    // The page behind is out of reach: what it shows is inert, the drawer is not.
    expect(await page.locator('[data-results-count]').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    expect(await drawer(page).evaluate((el) => el.closest('[inert]') === null)).toBe(true);

    // Tab goes round the drawer's controls and comes back to where it started, never leaving it; Shift+Tab goes back.
    const stops = await drawer(page).evaluate(
      (el) => [...el.querySelectorAll('a[href], button, summary')].filter((c) => (c as HTMLElement).checkVisibility() && !c.closest('[inert]')).length,
    );
    expect(stops).toBeGreaterThan(5);
    const visited: string[] = [];
    for (let i = 0; i <= stops; i++) {
      await page.keyboard.press('Tab');
      visited.push(await focused(page));
    }
    expect(visited.filter((stop) => stop.startsWith('outside'))).toEqual([]);
    expect(visited.at(-1)).toBe(visited[0]);
    expect(new Set(visited).size).toBe(stops);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(visited.at(-2));

    // "Close filters" is a button of its own: Enter on it closes the drawer and returns to "Filters (n)".
    for (let i = 0; i < stops && (await focused(page)) !== 'button Close filters'; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Close filters');
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    expect(await filtersButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('[inert]').count()).toBe(0);

    // Escape closes it too, back to the button.
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer(page).isVisible()).toBe(true);
    expect(await focused(page)).not.toMatch(/^outside/);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    expect(await filtersButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('[inert]').count()).toBe(0);

    // While it is open the results behind it stay put: a swipe on the shade scrolls nothing.
    await filtersButton(page).click();
    await page.mouse.move(PHONE.width - 20, PHONE.height / 2);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('without JavaScript the drawer opens, closes by "Close filters" or a tap beside it, and a filter applies from it', async () => {
    const page = await open(phoneNoJs, '/search?category=web-development&techStack=javascript&cost=Free');
    expect(await filtersButton(page).textContent()).toBe('Filters (3)');
    expect(await drawer(page).isVisible()).toBe(false);
    await filtersButton(page).click();
    expect(await drawer(page).isVisible()).toBe(true);
    await drawer(page).getByRole('button', { name: 'Close filters' }).click();
    expect(await drawer(page).isVisible()).toBe(false);
    await filtersButton(page).click();
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    expect(await drawer(page).isVisible()).toBe(false);

    await filtersButton(page).click();
    await option(page, 'Costs', 'Any').click();
    await page.waitForURL((url) => !url.searchParams.has('cost'));
    expect(await filtersButton(page).textContent()).toBe('Filters (2)');
    expect(await drawer(page).isVisible()).toBe(false);
    await page.close();
  });
});
