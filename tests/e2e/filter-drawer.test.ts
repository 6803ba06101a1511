/**
 * The search filters on a phone (390×844), docs/product.md#pages: below lg they wait in a drawer behind
 * "Filters (n)". With JavaScript the drawer is a modal dialog: the keyboard moves into it and stays there,
 * "Close filters" and Escape close it and give the keyboard back to the button, and the page behind is out of
 * reach. A filter chosen in it applies there, without a reload, and "Show N results" counts what the chosen
 * filters give, until pressed: then the results are shown at their address. Without JavaScript the drawer
 * opens and closes all the same, and each filter is a link that applies at once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const PHONE = { width: 390, height: 844 };
const SEARCH = '/search?category=web-development';

interface SearchAnswer {
  countContents: number;
  facets: Record<string, Record<string, number>>;
}

const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters \(\d+\)$/ });
const drawer = (page: Page) => page.locator('#filters-drawer');
const group = (page: Page, title: string) => drawer(page).getByRole('list', { name: title });
/** An option by its label, with its count or without ("Any"). */
const option = (page: Page, title: string, label: string) =>
  group(page, title).getByRole('link', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(\\(\\d+\\))?$`),
  });
const showResults = (page: Page) => drawer(page).getByRole('link', { name: /^Show \d+ results?$/ });
const results = (count: number) => `Show ${count} ${count === 1 ? 'result' : 'results'}`;
/** Where the keyboard is: an element of the drawer by its name (and address), or "outside". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el?.closest('#filters-drawer')) return `outside: ${el?.tagName ?? 'none'} ${el?.id ?? ''}`;
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText).trim().replace(/\s+/g, ' ');
    // Its place among the drawer's controls too: two groups' "Any" may link to the same address.
    const place = [
      ...document.querySelectorAll('#filters-drawer a[href], #filters-drawer button, #filters-drawer summary'),
    ].indexOf(el);
    return `${el.tagName.toLowerCase()} ${name}${el instanceof HTMLAnchorElement ? ` ${el.getAttribute('href')}` : ''} #${place}`;
  });

describe.skipIf(!hasBrowser)('the filter drawer on a phone', () => {
  const browser = useBrowser();
  let phone: BrowserContext;
  let phoneNoJs: BrowserContext;

  const search = async (query: string): Promise<SearchAnswer> =>
    (await fetch(`${server.url}/api/contents/search?${query}`)).json() as Promise<SearchAnswer>;

  const { server } = useServer();
  beforeAll(async () => {
    const context = (javaScriptEnabled: boolean) =>
      browser.newContext({ baseURL: server.url, viewport: PHONE, javaScriptEnabled });
    [phone, phoneNoJs] = await Promise.all([context(true), context(false)]);
  });

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  it('a filter chosen in the drawer applies there: it stays open and "Show N results" counts them; pressed, it shows them', async () => {
    const [before, chosen] = await Promise.all([
      search('category=web-development'),
      search('category=web-development&techStack=python'),
    ]);
    const page = await open(phone, SEARCH);
    // Marks this document: a reload or a navigation would lose the mark.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await filtersButton(page).click();
    await drawer(page).waitFor();
    expect(await showResults(page).textContent()).toBe(results(before.countContents));

    await drawer(page).locator('summary', { hasText: 'Technologies' }).click();
    expect(await option(page, 'Technologies', 'Python').innerText()).toMatch(
      new RegExp(`\\(${before.facets.techStack!.python}\\)$`),
    );
    await option(page, 'Technologies', 'Python').click();
    await expect.poll(() => showResults(page).textContent()).toBe(results(chosen.countContents));
    expect(chosen.countContents).toBeLessThan(before.countContents);
    expect(await option(page, 'Technologies', 'Python').getAttribute('aria-current')).toBe('true');
    // Every option's count follows the filters chosen so far.
    // Costs starts open, one of the most used groups.
    expect(await option(page, 'Costs', 'Free').innerText()).toMatch(
      new RegExp(`\\(${chosen.facets.cost!.Free ?? 0}\\)$`),
    );
    expect(await drawer(page).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('?category=web-development');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await showResults(page).click();
    await page.waitForURL((url) => url.search === '?category=web-development&techStack=python');
    expect(await drawer(page).isVisible()).toBe(false);
    expect(await page.locator('[data-results-count]').innerText()).toMatch(
      new RegExp(`^${chosen.countContents} Results?\\b`),
    );
    expect(await filtersButton(page).textContent()).toBe('Filters (2)');
    await page.close();
  });

  it('closed without showing, the drawer forgets what was chosen in it', async () => {
    const before = await search('category=web-development');
    const page = await open(phone, SEARCH);
    await filtersButton(page).click();
    await drawer(page).locator('summary', { hasText: 'Technologies' }).click();
    await option(page, 'Technologies', 'Python').click();
    await expect.poll(() => showResults(page).textContent()).not.toBe(results(before.countContents));
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    await filtersButton(page).click();
    await expect.poll(() => showResults(page).textContent()).toBe(results(before.countContents));
    expect(await option(page, 'Technologies', 'Python').getAttribute('aria-current')).toBeNull();
    expect(await group(page, 'Technologies').getByRole('link', { name: 'Any' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page.close();
  });

  it('is modal for the keyboard: focus moves in, Tab stays inside, "Close filters" and Escape give focus back to the button', async () => {
    const page = await open(phone, SEARCH);
    // Opened by the keyboard, as someone without a mouse does.
    for (
      let presses = 0;
      presses < 30 && !(await filtersButton(page).evaluate((el) => el === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    expect(await filtersButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Filters' }).isVisible()).toBe(true);
    // The focus moves in once the drawer has opened (its toggle event), a moment after it shows.
    await expect.poll(() => focused(page)).not.toMatch(/^outside/);
    // The page behind is out of reach: what it shows is inert, the drawer is not.
    expect(await page.locator('[data-results-count]').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    expect(await drawer(page).evaluate((el) => el.closest('[inert]') === null)).toBe(true);

    // Tab goes round the drawer's controls and comes back to where it started, never leaving it; Shift+Tab goes back.
    const stops = await drawer(page).evaluate(
      (el) =>
        [...el.querySelectorAll('a[href], button, summary')].filter(
          (c) => (c as HTMLElement).checkVisibility() && !c.closest('[inert]'),
        ).length,
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
    for (let i = 0; i < stops && !(await focused(page)).startsWith('button Close filters'); i++)
      await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^button Close filters #\d+$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    expect(await filtersButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('[inert]').count()).toBe(0);

    // Escape closes it too, back to the button.
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer(page).isVisible()).toBe(true);
    // Focus moves in on the drawer's toggle event, just after it shows.
    await expect.poll(() => focused(page)).not.toMatch(/^outside/);
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
