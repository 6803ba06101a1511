/**
 * Layout on a phone (390×844) and on a desktop (1366×900), docs/product.md#pages: the search results before the
 * filters on a phone, with the filters behind "Filters (n)" (the drawer itself: filter-drawer.test.ts) and the
 * applied ones as removable chips; a long breadcrumb ending in an ellipsis; the admin's Edit Content form
 * centred; the cards' badge rows lined up across a row; and "+n" for the tags a card does not show. On a phone's
 * touch screen every target is at least 44×44 px, the home page has a search box on its first screen, the menu
 * button is a ✕ while open, a tap leaves no hover highlight behind, and the dashboard's totals sit two by two.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { InArgs } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { insertContentStatements } from '../../db/catalog/content-rows.ts';
import { contentInput } from '../../db/catalog/validation/contents.ts';
import { parseInput } from '../../db/validation/parse.ts';
import { hasBrowser, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';

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

/** WCAG 2.5.5 (Target Size, enhanced): 44 by 44 CSS pixels. */
const MIN_TARGET = 44;

interface Target {
  what: string;
  width: number;
  height: number;
}

/**
 * Runs in the page: every touch target it shows and its size. A target is what a finger can activate: a link, a
 * button, a field, a summary, or a label standing in for the control it hides (the menu button). Measured where
 * a finger meets it: a card's name stretched over the card (its ::after) is the card. Left out: what is not
 * drawn (a closed drawer, a desktop-only control, a control hidden for screen readers' sake behind its label,
 * the skip link above the page until the keyboard focuses it), and, as WCAG 2.5.5 allows, a link inside a
 * sentence ("Please Sign In to write a review").
 */
function touchTargets(): Target[] {
  const drawn = (el: Element) => {
    const box = el.getBoundingClientRect();
    return (
      box.width > 1 &&
      box.height > 1 &&
      box.bottom + scrollY > 0 &&
      el.checkVisibility({ visibilityProperty: true }) &&
      !el.closest('[inert]')
    );
  };
  const inSentence = (el: Element) =>
    el instanceof HTMLAnchorElement &&
    getComputedStyle(el).display === 'inline' &&
    [...el.parentElement!.childNodes].some(
      (node) => node !== el && node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
    );
  const hitBox = (el: Element) => {
    const after = getComputedStyle(el, '::after');
    if (after.content === 'none' || after.position !== 'absolute') return el.getBoundingClientRect();
    let holder = el.parentElement!;
    while (getComputedStyle(holder).position === 'static') holder = holder.parentElement!;
    return holder.getBoundingClientRect();
  };
  const candidates = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, label, [tabindex]:not([tabindex="-1"])',
  );
  return [...candidates].flatMap((el) => {
    if (el instanceof HTMLLabelElement && (!el.control || drawn(el.control))) return [];
    if (!drawn(el) || inSentence(el)) return [];
    const box = hitBox(el);
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText)
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return [
      {
        what: `${el.tagName.toLowerCase()} "${name}"`,
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
      },
    ];
  });
}

const smallestSide = (target: Target) => Math.min(target.width, target.height);

const filtersButton = (page: Page) => page.getByText(/^Filters \(\d+\)$/);
const filters = (page: Page) => page.getByRole('region', { name: 'Filters' });
const firstCard = (page: Page) => page.locator('[data-content-card]').first();

describe.skipIf(!hasBrowser)('layout on a phone and a desktop', () => {
  const browser = useBrowser();
  let phone: BrowserContext;
  let desktop: BrowserContext;
  /** A phone's touch screen (no hover), for a visitor and for the demo admin (who is a user too: saves, reviews). */
  let touch: BrowserContext;
  let touchAdmin: BrowserContext;
  let savedCount: number;

  const { server, api } = useServer();
  beforeAll(async () => {
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
      // A write transaction from its start (BEGIN IMMEDIATE): it waits for the just-started server's own writes,
      // where a batch that reads first fails at once with SQLITE_BUSY when one of them commits in between.
      const statements = insertContentStatements(db, newId(), input).map((query) => query.toSQL());
      await db.$client.batch(
        statements.map(({ sql, params }) => ({ sql, args: params as InArgs })),
        'write',
      );
    } finally {
      db.$client.close();
    }
    const context = (viewport: typeof PHONE) => browser.newContext({ baseURL: server.url, viewport });
    [phone, desktop] = await Promise.all([context(PHONE), context(DESKTOP)]);
    const touchContext = () => browser.newContext({ baseURL: server.url, viewport: PHONE, hasTouch: true });
    [touch, touchAdmin] = await Promise.all([touchContext(), touchContext()]);
    // Two saves, so that the Saved page lists them with their buttons.
    const { token } = await asAdmin(api);
    const { contents } = (
      await api.call('searchContents', {
        query: { order: 'topRated' },
      })
    ).body as { contents: ApiContent[] };
    for (const content of contents.slice(0, 2))
      savedCount = (
        await api.call('save', {
          params: { id: content._id },
          token,
        })
      ).body.numSaves;
    const page = await touchAdmin.newPage();
    await signInThroughForm(page, DEMO_ADMIN);
    await page.close();
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

    it('a chip removes its filter, and the first result stays on the first screen', async () => {
      const page = await open(phone, THREE_FILTERS);
      await page.locator('[data-filter-chip="cost"]').click();
      await page.waitForURL((url) => !url.searchParams.has('cost'));
      expect(await filtersButton(page).textContent()).toBe('Filters (2)');
      expect((await firstCard(page).boundingBox())!.y).toBeLessThan(PHONE.height);
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
    const { contents } = (await (await fetch(`${server.url}/api/contents/search`)).json()) as {
      contents: ApiContent[];
    };
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
    const { contents } = (await (await fetch(`${server.url}/api/contents/search?category=web-development`)).json()) as {
      contents: ApiContent[];
    };
    const labelsOf = (c: ApiContent) => [
      ...new Set(
        [c.category[0], c.type[0], ...c.techStack, ...c.category, ...c.type].filter(Boolean).map((t) => t!.label),
      ),
    ];
    const many = contents.find((c) => labelsOf(c).length > 4);
    expect(many, 'a content with more than four tags').toBeDefined();
    const labels = labelsOf(many!);
    const page = await open(desktop, `/search?category=web-development`);
    const card = page
      .locator('[data-content-card]')
      .filter({ has: page.getByRole('link', { name: many!.name, exact: true }) });
    const items = card.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    expect(await items.count()).toBe(4);
    const more = items.nth(3);
    expect(await more.innerText()).toMatch(new RegExp(`^\\+${labels.length - 3}\\b`));
    expect(await more.getAttribute('title')).toBe(labels.slice(3).join(', '));
    // A screen reader hears the rest by name.
    expect(await more.textContent()).toContain(labels.slice(3).join(', '));
    await page.close();
  });
  describe("on a phone's touch screen", () => {
    it('every touch target of the catalog pages, the Saved page and the top bar is at least 44×44 px', async () => {
      const { contents } = (await (await fetch(`${server.url}/api/contents/search?order=topRated`)).json()) as {
        contents: ApiContent[];
      };
      const contentPath = `/content/${contents[0]!.slug}`;
      const measured: Array<Target & { screen: string }> = [];
      const measure = async (page: Page, screen: string) => {
        for (const target of await page.evaluate(touchTargets)) measured.push({ ...target, screen });
      };
      const screens: Array<{
        context: BrowserContext;
        path: string;
        name: string;
        prepare?: (page: Page) => Promise<void>;
      }> = [
        { context: touch, path: '/', name: 'home' },
        { context: touch, path: '/search?category=web-development', name: 'search' },
        {
          context: touch,
          path: '/search?category=web-development',
          name: 'search, filters open',
          prepare: async (page) => {
            await filtersButton(page).tap();
            await page.locator('#filters-drawer').waitFor();
            await page.locator('#filters-drawer summary', { hasText: 'Technologies' }).tap();
          },
        },
        { context: touch, path: contentPath, name: 'content' },
        { context: touchAdmin, path: contentPath, name: 'content, signed in' },
        { context: touchAdmin, path: '/saved', name: 'saved' },
        {
          context: touch,
          path: '/',
          name: 'top bar menu',
          prepare: (page) => page.locator('label[for="nav-toggle"]').tap(),
        },
        ...[
          { menu: 'user menu', summary: /^Ada Admin$/ },
          { menu: 'Admin menu', summary: /^Admin$/ },
        ].map(({ menu, summary }) => ({
          context: touchAdmin,
          path: '/',
          name: `top bar, ${menu} open`,
          prepare: async (page: Page) => {
            await page.locator('label[for="nav-toggle"]').tap();
            await page.locator('summary', { hasText: summary }).tap();
          },
        })),
      ];
      for (const screen of screens) {
        const page = await screen.context.newPage();
        await page.goto(screen.path);
        await page.waitForLoadState('networkidle');
        await screen.prepare?.(page);
        await measure(page, screen.name);
        await page.close();
      }
      expect(
        measured.filter((target) => target.screen === 'saved').length,
        'the Saved page lists its saves',
      ).toBeGreaterThanOrEqual(savedCount);
      const smallest = measured.toSorted(
        (a, b) => smallestSide(a) - smallestSide(b) || a.width * a.height - b.width * b.height,
      )[0]!;
      console.log(
        `smallest touch target on the phone screens: ${smallest.width}×${smallest.height} px (${smallest.what} on ${smallest.screen}; ${measured.length} measured)`,
      );
      const small = measured.filter((target) => smallestSide(target) < MIN_TARGET);
      expect(small.map((t) => `${t.screen}: ${t.what} ${t.width}×${t.height}`)).toEqual([]);
    });

    it('the home page shows a search box on its first screen', async () => {
      const page = await touch.newPage();
      await page.goto('/');
      // A search box by its label: once focused it is a combobox (its suggestions as one types).
      const box = page.getByLabel('Search contents').filter({ visible: true });
      expect(await box.count()).toBe(1);
      const shown = (await box.boundingBox())!;
      expect(shown.y + shown.height).toBeLessThanOrEqual(PHONE.height);
      await box.fill('python');
      await box.press('Enter');
      await page.waitForURL(
        (url) => url.pathname.startsWith('/search') && url.searchParams.get('searchTerm') === 'python',
      );
      await page.close();
    });

    it('the menu button turns into ✕ while the menu is open', async () => {
      const page = await touch.newPage();
      await page.goto('/');
      const button = page.locator('label[for="nav-toggle"]');
      const icon = () => button.locator('svg').filter({ visible: true }).getAttribute('data-icon');
      expect(await icon()).toBe('menu');
      await button.tap();
      expect(await page.locator('#nav-menu').isVisible()).toBe(true);
      expect(await icon()).toBe('close');
      await button.tap();
      expect(await page.locator('#nav-menu').isVisible()).toBe(false);
      expect(await icon()).toBe('menu');
      await page.close();
    });

    it('a tap leaves no hover look behind: what keeps :hover on a touch screen looks as it did', async () => {
      // A touch screen keeps :hover on what it tapped last, until a tap elsewhere; when the browser moves it is a matter
      // of timing, so the state is forced here, on every target of the screen.
      const looks = ['backgroundColor', 'color', 'textDecorationLine', 'boxShadow', 'borderColor', 'opacity'] as const;
      const changed: string[] = [];
      for (const screen of [
        { path: '/', open: ['label[for="nav-toggle"]', 'summary:text-is("Admin")'] },
        { path: '/', open: ['label[for="nav-toggle"]', 'summary[data-user-name]'] },
        { path: '/search?category=web-development', open: ['[data-filters-button]'] },
        { path: '/content/freecodecamp', open: [] },
      ]) {
        const page = await touchAdmin.newPage();
        await page.goto(screen.path);
        // Once what the browser draws for the signed-in user (the review form…) is there.
        await page.waitForLoadState('networkidle');
        for (const selector of screen.open) await page.locator(selector).tap();
        // Without transitions, a look is what it becomes at once (the page's CSP refuses a style element, not the CSSOM).
        await page.evaluate(() =>
          document.styleSheets[0]!.insertRule('*, *::before, *::after { transition: none !important; }'),
        );
        const looksOfTargets = () =>
          page.evaluate(
            (looks) =>
              [...document.querySelectorAll<HTMLElement>('[data-hover-probe]')].map((el) => {
                const style = getComputedStyle(el);
                return {
                  what: `${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 30)}"`,
                  look: looks.map((p) => style[p]).join(' | '),
                };
              }),
            looks,
          );
        await page.evaluate(() => {
          for (const el of document.querySelectorAll<HTMLElement>('a[href], button, summary, label')) {
            if (el.checkVisibility() && el.getBoundingClientRect().height > 1) el.dataset.hoverProbe = '';
          }
        });
        const before = await looksOfTargets();
        // Every target at once: a hover look of one target on another (a card's on its link) counts too.
        const cdp = await touchAdmin.newCDPSession(page);
        await cdp.send('DOM.enable');
        await cdp.send('CSS.enable');
        const { root } = await cdp.send('DOM.getDocument');
        const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
          nodeId: root.nodeId,
          selector: '[data-hover-probe]',
        });
        for (const nodeId of nodeIds)
          await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: ['hover'] });
        const hovered = await looksOfTargets();
        for (const [i, { what, look }] of before.entries()) {
          if (hovered[i]!.look !== look) changed.push(`${screen.path} ${what}: ${look} → ${hovered[i]!.look}`);
        }
        await cdp.detach();
        await page.close();
      }
      expect(changed).toEqual([]);
    });

    it("the admin dashboard's four totals sit two by two", async () => {
      const page = await touchAdmin.newPage();
      await page.goto('/admin/dashboard');
      const boxes = await page
        .locator('[data-stat]')
        .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes).toHaveLength(4);
      const rows = Map.groupBy(boxes, (box) => Math.round(box.top));
      expect([...rows.values()].map((row) => row.length)).toEqual([2, 2]);
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(PHONE.width);
      await page.close();
    });
  });
});
