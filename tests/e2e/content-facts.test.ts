/**
 * The facts that decide, in a real browser: the content page's "at a glance" list (provider, duration, format,
 * learners), its skills and certificate price, the rating distribution whose bars filter the reviews, the
 * "Finished it" mark; a card's provider line; the admin's fact fields with an error beside its field. At 1366
 * and 390 px, in both themes, axe-core finding no violation; screenshots in scratch/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, EACH_SIZE, type Size, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { type Actor, asAdmin, signUp } from '../setup/actors.ts';
import { ALL_RULES, COLOUR_RULES, violationsOf } from './axe-screens.ts';

const SCREENS = new URL('../../scratch/screens/', import.meta.url).pathname;
const SLUG = 'cs50-s-introduction-to-programming-with-python';

describe.skipIf(!hasBrowser)('the facts that decide, in the browser', () => {
  const browser = useBrowser();
  let contentId: string;
  let finisherName: string;
  const { server, api } = useServer();

  let finisher: Actor;
  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    const admin = await asAdmin(api);
    const content = (
      await api.call('contentBySlug', {
        params: { slug: SLUG },
      })
    ).body;
    contentId = content._id;
    const { _id, status, rating, numReviews, createdAt, updatedAt, reviews, learners, ...fields } = content;
    expect(
      (
        await api.call('saveContent', {
          params: { id: contentId },
          body: { ...fields, hours: 40, lastUpdated: '2024-01', certificatePrice: '$219 on edX' },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    // A learner who finished it reviews it: their review carries the mark.
    finisher = await signUp(api, 'Fiona Finisher');
    finisherName = finisher.name;
    await api.call('markProgress', {
      params: { id: contentId },
      body: { state: 'done' },
      token: finisher.token,
    });
    await api.raw.post(
      `/api/contents/${contentId}/reviews`,
      { rating: 2, comment: 'Finished it; too fast for me.', name: finisher.name },
      { token: finisher.token },
    );
  });

  async function check(page: Page, name: string, size: Size) {
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await settled(page);
      for (const v of await violationsOf(page, theme === 'light' ? ALL_RULES : COLOUR_RULES))
        found.push(
          `${name} (${size}, ${theme}): ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
        );
      await page.screenshot({ path: `${SCREENS}${name}-${size}-${theme}.png`, fullPage: true });
    }
    return found;
  }

  it.each(EACH_SIZE)(
    'the content page at %s: facts at a glance, star bars that filter, the finished mark',
    async (size) => {
      await withPage(browser, server.url, { size }, async (page) => {
        await page.goto(`/content/${SLUG}`);
        const glance = page.getByRole('definition').filter({ hasText: 'Harvard University' });
        await glance.first().waitFor();
        const facts = page.locator('[data-facts]');
        expect(await facts.locator('[data-fact="provider"] dd').innerText()).toBe('Harvard University');
        expect(await facts.locator('[data-fact="duration"] dd').innerText()).toBe('40 hours, self-paced');
        expect(await facts.locator('[data-fact="lastUpdated"] dd').innerText()).toBe('Jan 2024');
        expect(await facts.locator('[data-fact="learners"] dd').innerText()).toContain('1 finished it');
        expect(await page.locator('[data-fact="skills"] .badge').allInnerTexts()).toContain('Unit tests');
        expect(await page.locator('[data-fact="certificatePrice"]').innerText()).toBe('Certificate: $219 on edX');

        // The reviews by stars: the bars count them, one shows only its own, again shows all.
        const reviews = page.locator('[data-reviews] > [data-review]');
        const all = await reviews.count();
        const twoStars = page.locator('[data-star-filter="2"]');
        expect((await twoStars.innerText()).replace(/\s+/g, ' ')).toMatch(/^2 stars 1 review/);
        expect(await page.locator('[data-star-filter="1"]').isDisabled()).toBe(true);
        await twoStars.click();
        expect(await twoStars.getAttribute('aria-pressed')).toBe('true');
        const shown = reviews.filter({ visible: true });
        expect(await shown.count()).toBe(1);
        expect(await page.locator('[data-star-filter-words]').innerText()).toBe('Showing 1 2-star review');
        const finished = shown.first();
        expect(await finished.innerText()).toContain(finisherName);
        expect(await finished.locator('[data-finished]').innerText()).toBe('Finished it');
        const found = await check(page, 'content-facts-filtered', size);
        await page.getByRole('button', { name: 'Show all reviews' }).click();
        expect(await reviews.filter({ visible: true }).count()).toBe(all);
        found.push(...(await check(page, 'content-facts', size)));
        expect(found).toEqual([]);
      });
    },
    90_000,
  );

  it('shows the finisher their own review with the same mark', async () => {
    await withPage(browser, server.url, { account: finisher }, async (page) => {
      await page.goto(`/content/${SLUG}`);
      const own = page.locator('[data-own-review]');
      await own.waitFor();
      expect(await own.locator('[data-finished]').innerText()).toBe('Finished it');
    });
  });

  it.each(EACH_SIZE)(
    'narrows /search by duration at %s (from its counted sidebar group on a laptop)',
    async (size) => {
      const expected = (await api.call('searchContents')).body.facets.duration['10-50'] as number;
      expect(expected).toBeGreaterThan(0);
      await withPage(browser, server.url, { size }, async (page) => {
        if (size === 'laptop') {
          await page.goto('/search');
          await settled(page);
          const filters = page.getByRole('region', { name: 'Filters' });
          await filters.locator('summary', { hasText: 'Duration' }).click();
          await filters
            .getByRole('list', { name: 'Duration' })
            .getByRole('link', { name: new RegExp(`^10–50 hours\\s*\\(${expected}\\)$`) })
            .click();
        } else await page.goto('/search?duration=10-50');
        await page.waitForURL((url) => url.searchParams.get('duration') === '10-50');
        expect(
          (await page.locator('[data-filter-chip="duration"]').innerText()).replace(/^Remove filter\s*/, '').trim(),
        ).toBe('Duration: 10–50 hours');
        expect(await page.locator('[data-content-card]').count()).toBe(Math.min(expected, 12));
        expect(await check(page, 'search-duration', size)).toEqual([]);
      });
    },
    90_000,
  );

  it('narrows /search by provider from its counted sidebar group, and the chip takes it off', async () => {
    const expected = (await api.call('searchContents')).body.facets.provider['Harvard University'] as number;
    await withPage(browser, server.url, {}, async (page) => {
      await page.goto('/search');
      await settled(page);
      const filters = page.getByRole('region', { name: 'Filters' });
      await filters.locator('summary', { hasText: 'Provider' }).click();
      await filters
        .getByRole('list', { name: 'Provider' })
        .getByRole('link', { name: new RegExp(`^Harvard University\\s*\\(${expected}\\)$`) })
        .click();
      await page.waitForURL((url) => url.searchParams.get('provider') === 'Harvard University');
      const chip = page.locator('[data-filter-chip="provider"]');
      expect((await chip.innerText()).replace(/^Remove filter\s*/, '').trim()).toBe('Provider: Harvard University');
      expect(await page.locator('[data-content-card]').count()).toBe(expected);
      for (const line of await page.locator('[data-card-facts]').allInnerTexts())
        expect(line).toMatch(/^Harvard University/);
      expect(await check(page, 'search-provider', 'laptop')).toEqual([]);
      await chip.click();
      await page.waitForURL((url) => !url.searchParams.has('provider'));
    });
  }, 90_000);

  it.each(EACH_SIZE)(
    'picks resources to compare at %s, from a card and a content page, and compares them in one table',
    async (size) => {
      await withPage(browser, server.url, { size }, async (page, context) => {
        await page.goto('/search?provider=Harvard%20University');
        await settled(page);
        const card = page.locator('[data-content-card]').filter({ has: page.getByRole('heading', { name: /^CS50x/ }) });
        await card.getByRole('button', { name: /^Compare/ }).click();
        const tray = page.getByRole('complementary', { name: 'Compare' });
        expect(await tray.innerText()).toContain('Pick one more');
        await page.goto('/content/automate-the-boring-stuff-with-python');
        const toggle = page.locator('[data-shelf-controls] [data-compare-toggle]');
        await toggle.click();
        expect(await toggle.getAttribute('aria-pressed')).toBe('true');
        const href = await tray.getByRole('link', { name: 'Compare now' }).getAttribute('href');
        expect(href).toBe('/compare/cs50x-introduction-to-computer-science/automate-the-boring-stuff-with-python');
        await tray.getByRole('link', { name: 'Compare now' }).click();
        await page.waitForURL((url) => url.pathname === href);
        const columns = page.locator('[data-compared]');
        expect(await columns.count()).toBe(2);
        // The comparison on the screen is not offered again: no tray over its foot.
        await settled(page);
        expect(await tray.count()).toBe(0);
        expect(await page.locator('[data-row="provider"] td').allInnerTexts()).toEqual([
          'Harvard University',
          'Not known',
        ]);
        const scroller = page.locator('[data-compare]');
        const overflows = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
        // On a phone the columns swipe; the facts' names stay where they are.
        expect(overflows).toBe(size === 'phone');
        if (size === 'phone') {
          const label = page.locator('[data-row="provider"] th');
          const before = await label.boundingBox();
          await scroller.evaluate((el) => el.scrollBy({ left: 400 }));
          await page.waitForTimeout(300);
          expect((await label.boundingBox())?.x).toBe(before?.x);
          // The second resource's column now stands whole beside the names.
          const second = await page.locator('[data-row="provider"] td').nth(1).boundingBox();
          const box = await scroller.boundingBox();
          expect(second!.x).toBeGreaterThanOrEqual(before!.x + before!.width - 1);
          expect(second!.x + second!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
        }
        expect(await check(page, 'compare', size)).toEqual([]);
        if (size === 'laptop') {
          await context.grantPermissions(['clipboard-read', 'clipboard-write']);
          await page.getByRole('button', { name: 'Share' }).click();
          await page.getByText('Link copied').waitFor();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
        }
        await page.goto('/search');
        await tray.getByRole('button', { name: 'Clear' }).click();
        expect(await tray.count()).toBe(0);
      });
    },
    90_000,
  );

  it('a comparison opens without JavaScript, and /compare alone says how to pick', async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/compare/freecodecamp/the-odin-project/cs50x-introduction-to-computer-science');
      expect(await page.locator('[data-compared]').count()).toBe(3);
      await page.locator('[data-remove-compared="freecodecamp"]').click();
      await page.waitForURL(/\/compare\/the-odin-project\/cs50x-introduction-to-computer-science$/);
      expect(await page.locator('[data-compared]').count()).toBe(2);
      await page.locator('[data-remove-compared="the-odin-project"]').click();
      await page.waitForURL(/\/compare\/cs50x-introduction-to-computer-science$/);
      expect(await page.locator('[data-compared]').count()).toBe(1);
      await page.goto('/compare');
      expect(await page.locator('[data-compare-empty]').innerText()).toContain('Pick 2 to 4 resources');
      const wrong = await page.goto('/compare/freecodecamp/nothing-here');
      expect(wrong?.status()).toBe(404);
      expect(await page.locator('[data-compare-empty]').innerText()).toContain("No resource 'nothing-here' to compare");
    } finally {
      await context.close();
    }
  });

  it('a card says who offers it and how long it takes', async () => {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await page.goto('/search?searchTerm=CS50%27s+Introduction+to+Programming+with+Python');
    const card = page.locator('[data-content-card]', { hasText: "CS50's Introduction to Programming with Python" });
    expect(await card.first().locator('[data-card-facts]').innerText()).toBe(
      'Harvard University · 40 hours, self-paced',
    );
    await page.context().close();
  });

  it.each(EACH_SIZE)(
    'an admin edits the facts at %s: a wrong one is refused beside its field, a right one shows on the page',
    async (size) => {
      await withPage(browser, server.url, { size, account: DEMO_ADMIN }, async (page) => {
        await page.goto(`/admin/content/${contentId}`);
        await hydrated(page);
        const hours = page.getByLabel('Hours in all');
        expect(await hours.inputValue()).toMatch(/^4[02]$/);
        await hours.fill('a while');
        await page.getByRole('button', { name: 'Update' }).click();
        await page.locator('[data-field-error="hours"]').waitFor();
        expect(await page.locator('[data-field-error="hours"]').innerText()).toContain('Hours must be a number');
        const found = await check(page, 'admin-content-facts-error', size);
        expect(found).toEqual([]);
        await hours.fill(size === 'laptop' ? '42' : '40');
        await page.getByLabel('Pace').selectOption('true');
        await page.getByRole('button', { name: 'Update' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/admin/content/'));
        expect(
          (
            await api.call('contentBySlug', {
              params: { slug: SLUG },
            })
          ).body.hours,
        ).toBe(size === 'laptop' ? 42 : 40);
      });
    },
    90_000,
  );
});
