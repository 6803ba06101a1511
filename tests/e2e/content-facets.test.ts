/**
 * The facets that are fields of their own (db/catalog/facets.ts: level, language) in a real browser: narrowing /search
 * by one from its sidebar group (its options counted, the chip naming it, the results narrowed to it, the
 * chip taking it off again), and an admin choosing one on the edit screen, shown as a badge on the content
 * page that leads back into search.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, newContext, withSignedInPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';

/** Each facet: its key, its group's title and field label, and two choices (value and label). */
const FACETS = [
  {
    key: 'level',
    title: 'Level',
    field: 'Level',
    first: { value: 'intermediate', label: 'Intermediate' },
    second: { value: 'advanced', label: 'Advanced' },
  },
  {
    key: 'language',
    title: 'Language',
    field: 'Language',
    first: { value: 'es', label: 'Spanish' },
    second: { value: 'de', label: 'German' },
  },
] as const;

const resultsCount = async (page: Page) =>
  Number(/(\d+) Results?/.exec(await page.locator('[data-results-count]').innerText())?.[1] ?? 0);
const cardNames = (page: Page) => page.locator('[data-content-card] h3 a').allTextContents();

describe.skipIf(!hasBrowser)('facets that are fields of their own, in the browser', () => {
  const browser = useBrowser();
  let adminToken: string;

  const { server, api } = useServer();
  beforeAll(async () => {
    adminToken = (await asAdmin(api)).token;
  });

  async function withPage(run: (page: Page) => Promise<void>) {
    const context = await newContext(browser, server.url);
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  describe.each(FACETS)('$title', ({ key, title, field, first, second }) => {
    beforeAll(async () => {
      // Three of the newest contents get the first choice, whatever the seed gave them.
      for (const content of (
        await api.call('searchContents', {
          query: { order: 'latest' },
        })
      ).body.contents.slice(0, 3) as Array<{
        _id: string;
      }>) {
        const {
          _id,
          status: _status,
          rating: _rating,
          numReviews: _reviews,
          createdAt: _created,
          updatedAt: _updated,
          ...fields
        } = (
          await api.call('getContent', {
            params: { id: content._id },
            token: adminToken,
          })
        ).body;
        expect(
          (
            await api.call('saveContent', {
              params: { id: _id },
              body: { ...fields, [key]: first.value },
              token: adminToken,
            })
          ).status,
        ).toBe(200);
      }
    });

    it(`narrows /search from its sidebar group: counted options, a chip, the results that have it`, async () => {
      const all = (await api.call('searchContents')).body;
      const expected = all.facets[key][first.value];
      expect(expected).toBeGreaterThan(0);
      const having = (
        await api.call('searchContents', {
          query: { [key]: first.value },
        })
      ).body.contents.map((c: { name: string }) => c.name);

      await withPage(async (page) => {
        await page.goto('/search');
        const filters = page.getByRole('region', { name: 'Filters' });
        // Level starts open (one of the most used groups); Language opens from its heading.
        const facetGroup = filters.locator('details', { has: page.locator('summary', { hasText: title }) });
        if (!(await facetGroup.evaluate((details: HTMLDetailsElement) => details.open)))
          await filters.locator('summary', { hasText: title }).click();
        const option = filters
          .getByRole('list', { name: title })
          .getByRole('link', { name: new RegExp(`^${first.label}\\s*\\(${expected}\\)$`) });
        await option.click();
        await page.waitForURL((url) => url.searchParams.get(key) === first.value);

        const chip = page.locator(`[data-filter-chip="${key}"]`);
        expect((await chip.innerText()).replace(/^Remove filter\s*/, '').trim()).toBe(`${title}: ${first.label}`);
        expect(await resultsCount(page)).toBe(expected);
        expect(expected).toBeLessThan(all.countContents);
        expect(await cardNames(page)).toEqual(having);
        // The group is open on the applied option, every option some content has still counted.
        const group = filters.getByRole('list', { name: title });
        expect(
          await group.getByRole('link', { name: new RegExp(`^${first.label}`) }).getAttribute('aria-current'),
        ).toBe('true');
        const options = await group.locator(`[data-filter-option^="${key}="]`).allInnerTexts();
        expect(options.length).toBeGreaterThan(1);
        for (const text of options) expect(text).toMatch(/\(\d+\)$/);

        await chip.click();
        await page.waitForURL((url) => !url.searchParams.has(key));
        expect(await resultsCount(page)).toBe(all.countContents);
      });
    });

    it(`is chosen on the admin's edit screen and shown as a badge on the content page`, async () => {
      const [content] = (
        await api.call('searchContents', {
          query: { order: 'oldest' },
        })
      ).body.contents as Array<{
        _id: string;
        slug: string;
        name: string;
      }>;
      await withSignedInPage(browser, server.url, DEMO_ADMIN, async (page) => {
        await page.goto(`/admin/content/${content!._id}`);
        await hydrated(page);
        const select = page.getByLabel(field, { exact: true });
        expect(await select.locator('option').first().innerText()).toBe('Not specified');
        await select.selectOption({ label: second.label });
        await page.getByRole('button', { name: 'Update' }).click();
        await page.waitForURL((url) => url.pathname === '/admin/contents');

        expect(
          (
            await api.call('getContent', {
              params: { id: content!._id },
              token: adminToken,
            })
          ).body[key],
        ).toBe(second.value);
        await page.goto(`/content/${content!.slug}`);
        const badge = page.locator(`[data-badge="${key}"]`);
        expect((await badge.innerText()).trim()).toBe(second.label);
        await badge.click();
        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get(key) === second.value);
        expect(await cardNames(page)).toContain(content!.name);

        // Back to "Not specified": the badge is gone.
        await page.goto(`/admin/content/${content!._id}`);
        await hydrated(page);
        expect(await page.getByLabel(field, { exact: true }).inputValue()).toBe(second.value);
        await page.getByLabel(field, { exact: true }).selectOption({ label: 'Not specified' });
        await page.getByRole('button', { name: 'Update' }).click();
        await page.waitForURL((url) => url.pathname === '/admin/contents');
        await page.goto(`/content/${content!.slug}`);
        expect(await page.locator(`[data-badge="${key}"]`).count()).toBe(0);
      });
    });
  });
});
