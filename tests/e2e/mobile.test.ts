/**
 * Layout on a phone (390×844) and on a desktop (1366×900), docs/product.md §2: the search results before the
 * filters on a phone, with the filters in a drawer behind "Filters (n)" (with and without JavaScript) and the
 * applied ones as removable chips; a long breadcrumb ending in an ellipsis; the admin's Edit Content form
 * centred; the cards' badge rows lined up across a row; and "+n" for the tags a card does not show.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { insertContentStatements } from '../../db/catalog/content-rows.ts';
import { contentInput } from '../../db/catalog/validation/contents.ts';
import { parseInput } from '../../db/validation/parse.ts';
import { hasBrowser, launchBrowser } from '../setup/browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const THREE_FILTERS = '/search?category=web-development&techStack=javascript&cost=Free';
const LONG = {
  name: 'The Complete Guide to Building Distributed Systems That Keep Working When Everything Fails',
  slug: 'long-breadcrumb-guide',
};

interface ApiTag {
  label: string;
}
interface ApiContent {
  _id: string;
  slug: string;
  name: string;
  category: ApiTag[];
  techStack: ApiTag[];
  type: ApiTag[];
}

const filtersButton = (page: Page) => page.getByText(/^Filters \(\d+\)$/);
const filters = (page: Page) => page.getByRole('region', { name: 'Filters' });
const firstCard = (page: Page) => page.locator('[data-content-card]').first();

describe.skipIf(!hasBrowser)('layout on a phone and a desktop', () => {
  let server: TestServer;
  let browser: Browser;
  let phone: BrowserContext;
  let phoneNoJs: BrowserContext;
  let desktop: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = await openDb({ url: server.dbUrl });
    try {
      const input = parseInput(contentInput, {
        ...LONG,
        url: 'https://example.com/distributed-systems-guide',
        description: 'A long read.',
        category: ['Software Engineering'],
        techStack: ['Go'],
        type: ['Text-Based Resources'],
      });
      await db.batch([...insertContentStatements(db, newId(), input)]);
    } finally {
      db.$client.close();
    }
    const context = (viewport: typeof PHONE, javaScriptEnabled = true) => browser.newContext({ baseURL: server.url, viewport, javaScriptEnabled });
    [phone, phoneNoJs, desktop] = await Promise.all([context(PHONE), context(PHONE, false), context(DESKTOP)]);
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

  describe('search on a phone', () => {
    it('with three filters the first result is on the first screen, below the applied filters as chips; the filters wait behind "Filters (3)"', async () => {
      const page = await open(phone, THREE_FILTERS);
      await expect.poll(() => filtersButton(page).textContent()).toBe('Filters (3)');
      expect(await filters(page).isVisible()).toBe(false);
      const card = (await firstCard(page).boundingBox())!;
      expect(card.y).toBeLessThan(PHONE.height);
      const chips = page.locator('[data-filter-chip]');
      expect(await chips.count()).toBe(3);
      for (const chip of await chips.all()) {
        expect(await chip.isVisible()).toBe(true);
        expect((await chip.boundingBox())!.y).toBeLessThan(card.y);
      }
      await page.close();
    });

    it('the drawer opens from the button, a filter applies from it, Escape closes it, and a chip removes its filter', async () => {
      const page = await open(phone, THREE_FILTERS);
      await filtersButton(page).click();
      await expect.poll(() => filters(page).isVisible()).toBe(true);
      // The keyboard goes from the button into the drawer.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('filters-open');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#filters-drawer')))).toBe(true);
      // The results behind the open drawer stay put: a swipe on the shade scrolls nothing.
      await page.mouse.move(PHONE.width - 20, PHONE.height / 2);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => filters(page).isVisible()).toBe(false);

      await filtersButton(page).click();
      await filters(page)
        .getByRole('list', { name: 'Technologies' })
        .getByRole('link', { name: /^HTML\/CSS/ })
        .click();
      // A second technology joins the first: either of them.
      await page.waitForURL((url) => url.searchParams.getAll('techStack').join() === 'html/css,javascript');
      await expect.poll(() => filtersButton(page).textContent()).toBe('Filters (4)');
      expect(await filters(page).isVisible()).toBe(false);

      await page.locator('[data-filter-chip="cost"]').click();
      await page.waitForURL((url) => !url.searchParams.has('cost'));
      expect(await filtersButton(page).textContent()).toBe('Filters (3)');
      expect((await firstCard(page).boundingBox())!.y).toBeLessThan(PHONE.height);
      await page.close();
    });

    it('without JavaScript the drawer opens and its filters apply', async () => {
      const page = await open(phoneNoJs, THREE_FILTERS);
      expect(await filtersButton(page).textContent()).toBe('Filters (3)');
      expect((await firstCard(page).boundingBox())!.y).toBeLessThan(PHONE.height);
      expect(await filters(page).isVisible()).toBe(false);
      await filtersButton(page).click();
      expect(await filters(page).isVisible()).toBe(true);
      await filters(page).getByRole('list', { name: 'Costs' }).getByRole('link', { name: /^Any/ }).click();
      await page.waitForURL((url) => !url.searchParams.has('cost'));
      expect(await filtersButton(page).textContent()).toBe('Filters (2)');
      expect(await filters(page).isVisible()).toBe(false);
      await page.close();
    });

    it('on a desktop the filters stay beside the results, with no Filters button', async () => {
      const page = await open(desktop, THREE_FILTERS);
      expect(await filters(page).isVisible()).toBe(true);
      expect(await filtersButton(page).isVisible()).toBe(false);
      const sidebar = (await filters(page).boundingBox())!;
      const card = (await firstCard(page).boundingBox())!;
      expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(card.x);
      expect(sidebar.y).toBeLessThan(card.y);
      await page.close();
    });
  });

  it("a long breadcrumb ends in an ellipsis on a phone, the page's full name in its title", async () => {
    const page = await open(phone, `/content/${LONG.slug}`);
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    const current = nav.locator('[aria-current="page"]');
    expect(await current.getAttribute('title')).toBe(LONG.name);
    const shown = await current.evaluate((el) => ({
      textOverflow: getComputedStyle(el).textOverflow,
      cut: el.scrollWidth > el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect(shown).toMatchObject({ textOverflow: 'ellipsis', cut: true });
    expect(shown.right).toBeLessThanOrEqual(PHONE.width);
    // Nothing is left to scroll sideways: the line fits.
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.close();
  });

  it("the admin's Edit Content form is centred on a desktop", async () => {
    const page = await open(desktop, '/signin');
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const { contents } = (await (await fetch(`${server.url}/api/contents/search`)).json()) as { contents: ApiContent[] };
    await page.goto(`/admin/content/${contents[0]!._id}`);
    const form = page.locator('.card', { has: page.locator('form') });
    const box = (await form.boundingBox())!;
    const main = (await page.locator('main').evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return { left: rect.left + parseFloat(style.paddingLeft), right: rect.right - parseFloat(style.paddingRight) };
    }))!;
    const leftGap = box.x - main.left;
    const rightGap = main.right - (box.x + box.width);
    expect(rightGap).toBeGreaterThan(50);
    expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(2);
    await page.context().clearCookies();
    await page.close();
  });

  it('the badge rows of the cards in a row line up, whatever the cards hold above them', async () => {
    const page = await open(desktop, '/search');
    const cards = await page.locator('[data-content-card]').evaluateAll((articles) =>
      articles.map((article) => ({
        top: Math.round(article.getBoundingClientRect().top),
        badges: Math.round(article.querySelector('[data-badge="cost"]')!.getBoundingClientRect().top),
      })),
    );
    const rows = Map.groupBy(cards, (card) => card.top);
    expect(rows.size).toBeGreaterThan(1);
    for (const [top, row] of rows) {
      expect(row.length, `row at ${top}`).toBeGreaterThan(1);
      expect(new Set(row.map((card) => card.badges)).size, `row at ${top}: ${JSON.stringify(row)}`).toBe(1);
    }
    await page.close();
  });

  it('a card shows three tags and "+n" for the rest, which it names', async () => {
    const { contents } = (await (await fetch(`${server.url}/api/contents/search?category=web-development`)).json()) as { contents: ApiContent[] };
    const labelsOf = (c: ApiContent) => [...new Set([c.category[0], c.type[0], ...c.techStack, ...c.category, ...c.type].filter(Boolean).map((t) => t!.label))];
    const many = contents.find((c) => labelsOf(c).length > 4);
    expect(many, 'a content with more than four tags').toBeDefined();
    const labels = labelsOf(many!);
    const page = await open(desktop, `/search?category=web-development`);
    const card = page.locator('[data-content-card]').filter({ has: page.getByRole('link', { name: many!.name, exact: true }) });
    const items = card.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    expect(await items.count()).toBe(4);
    const more = items.nth(3);
    expect(await more.innerText()).toMatch(new RegExp(`^\\+${labels.length - 3}\\b`));
    expect(await more.getAttribute('title')).toBe(labels.slice(3).join(', '));
    // A screen reader hears the rest by name.
    expect(await more.textContent()).toContain(labels.slice(3).join(', '));
    await page.close();
  });
});
