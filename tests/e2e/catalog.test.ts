/**
 * The public catalog in a real browser: from the home page into search, narrowing, sorting, paging and
 * clearing the filters, a content's page and its reviews, the typo-tolerant top-bar search, a real 404 —
 * then the same flows with JavaScript turned off. Plus what crawlers and feed readers get (sitemap, robots,
 * feed, structured data), text that looks like markup staying text, and the pages' weight budgets.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { reviews } from '../../db/schema.ts';
import { insertContentStatements } from '../../db/catalog/content-rows.ts';
import { contentInput } from '../../db/catalog/validation/contents.ts';
import { parseInput } from '../../db/validation/parse.ts';
import { measurePage, PAGE_BUDGETS } from '../../scripts/page-weight.ts';
import { hasBrowser, newContext } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

/** A content whose every text looks like markup: pages, feeds and structured data must keep it text. */
const HOSTILE = {
  name: 'Hostile <script>window.__pwned = 1</script> & "Co"',
  slug: 'hostile-markup',
  description: 'Closes the script early </script><img src="x" onerror="window.__pwned = 2"> & keeps going',
  comment: '<b>bold?</b> </script><script>window.__pwned = 3</script>',
};

const params = (page: Page) => new URL(page.url()).searchParams;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const cards = (page: Page) => page.locator('[data-content-card]');
const cardNames = (page: Page) => cards(page).locator('h3 a').allTextContents();
/** The ratings the cards show, read from the stars' accessible names ("Rated 4.5 out of 5"). */
const cardRatings = (page: Page) =>
  cards(page)
    .getByRole('img', { name: /^Rated / })
    .evaluateAll((stars) => stars.map((s) => Number(/Rated ([\d.]+)/.exec(s.getAttribute('aria-label') ?? '')?.[1])));
const resultsCount = async (page: Page) =>
  (await page.locator('[data-results-count]').innerText()).replace(/\s+/g, ' ').trim();
/** A filter option in the sidebar, opening its group first (a <details>, closed unless it holds the active filter). */
async function sidebarOption(page: Page, group: string, option: RegExp) {
  const filters = page.getByRole('region', { name: 'Filters' });
  const list = filters.getByRole('list', { name: group });
  if (!(await list.isVisible())) await filters.locator('summary', { hasText: group }).click();
  return list.getByRole('link', { name: option });
}

describe('the public catalog', () => {
  /** The reviewer as the sign-up API returned it (docs/product.md#how-things-change's userInfo). */
  let hostileReviewer: { _id: string; name: string; email: string; isAdmin: boolean; token: string };

  async function api<T>(path: string): Promise<T> {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  const { server, api: client } = useServer();
  beforeAll(async () => {
    // A content and a review whose texts look like markup, written as the services write them.
    const { user: reviewer } = await signUp(client, 'Markup <i>Reviewer</i>', {
      email: uniqueEmail('markup'),
      password: 'markup-password-1',
    });
    hostileReviewer = reviewer;
    const db = await openDb({ url: server.dbUrl });
    try {
      const contentId = newId();
      const input = parseInput(contentInput, {
        name: HOSTILE.name,
        slug: HOSTILE.slug,
        url: 'https://example.com/learn?a=1&b=2',
        description: HOSTILE.description,
        category: ['Data Science'],
        techStack: ['Python'],
        type: ['Online Courses'],
      });
      await db.batch([
        ...insertContentStatements(db, contentId, input),
        db.insert(reviews).values({
          id: newId(),
          contentId,
          userId: reviewer._id,
          name: 'Markup <i>Reviewer</i>',
          rating: 4,
          comment: HOSTILE.comment,
        }),
      ]);
    } finally {
      db.$client.close();
    }
  });

  describe('what crawlers and feed readers get', () => {
    it('robots.txt allows the catalog, keeps private areas out and names the sitemap', async () => {
      const response = await fetch(`${server.url}/robots.txt`);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toMatch(/^User-agent: \*$/m);
      for (const path of ['/admin', '/profile', '/saved', '/submissions', '/my-reviews', '/submit-content', '/api'])
        expect(text).toContain(`Disallow: ${path}\n`);
      expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    });

    it('the sitemap lists home, search and every content page', async () => {
      const response = await fetch(`${server.url}/sitemap.xml`);
      expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
      const xml = await response.text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const { countContents } = await api<{ countContents: number }>('/api/contents/search');
      // Home, search, every content page, and the public lists (the demo's learners keep one).
      const pagesOf = (kind: string) => locs.filter((loc) => loc?.startsWith(`${server.url}/${kind}/`));
      expect(pagesOf('content')).toHaveLength(countContents);
      expect(locs).toHaveLength(countContents + 2 + pagesOf('lists').length);
      expect(locs).toContain(`${server.url}/`);
      expect(locs).toContain(`${server.url}/search`);
      expect(locs).toContain(`${server.url}/content/freecodecamp`);
      expect(locs).toContain(`${server.url}/content/${HOSTILE.slug}`);
    });

    it('the Atom feed holds the newest contents, markup in their texts escaped', async () => {
      const response = await fetch(`${server.url}/feed.xml`);
      expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
      const xml = await response.text();
      expect(xml.match(/<entry>/g)).toHaveLength(50);
      // The newest content comes first, its name escaped, not markup.
      expect(xml).toContain(
        '<title>Hostile &lt;script&gt;window.__pwned = 1&lt;/script&gt; &amp; &quot;Co&quot;</title>',
      );
      expect(xml).not.toContain('<script');
      expect(xml).not.toContain('<img');
    });

    it('a content page has its own title, description, canonical URL, OpenGraph tags and JSON-LD', async () => {
      const html = await (await fetch(`${server.url}/content/freecodecamp`)).text();
      expect(html).toContain('<title>freeCodeCamp — Skillshelf</title>');
      expect(html).toMatch(/<meta name="description" content="A nonprofit, self-paced curriculum[^"]{0,140}">/);
      expect(html).toContain(`<link rel="canonical" href="${server.url}/content/freecodecamp">`);
      expect(html).toContain('<meta property="og:title" content="freeCodeCamp">');
      expect(html).toContain('<meta property="og:type" content="website">');
      expect(html).toContain(`<meta property="og:url" content="${server.url}/content/freecodecamp">`);
      const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
      const data = JSON.parse(jsonLd ?? 'null');
      expect(data).toMatchObject({
        '@type': 'LearningResource',
        name: 'freeCodeCamp',
        url: 'https://www.freecodecamp.org/',
        isAccessibleForFree: true,
      });
      expect(data.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: 5 });
    });

    it('JSON-LD cannot be closed by the text it carries', async () => {
      const html = await (await fetch(`${server.url}/content/${HOSTILE.slug}`)).text();
      const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(jsonLd).not.toContain('<');
      expect(JSON.parse(jsonLd)).toMatchObject({ name: HOSTILE.name, description: HOSTILE.description });
    });

    it('an unknown slug is a 404 with the not-found page', async () => {
      const response = await fetch(`${server.url}/content/no-such-resource`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Page not found');
    });

    it('search pages name their results in the title and link their canonical URL', async () => {
      const html = await (await fetch(`${server.url}/search/?techStack=python&order=bogus&page=1`)).text();
      expect(html).toContain('<title>Python resources — Skillshelf</title>');
      expect(html).toContain(`<link rel="canonical" href="${server.url}/search?techStack=python">`);
    });
  });

  describe('page weight', () => {
    it('/, /search and a content page stay within their JavaScript and CSS budgets (gzipped)', async () => {
      const budgets = [
        { path: '/', ...PAGE_BUDGETS.home },
        { path: '/search?category=web-development', ...PAGE_BUDGETS.catalog },
        { path: '/content/freecodecamp', ...PAGE_BUDGETS.catalog },
      ];
      for (const budget of budgets) {
        const weight = await measurePage(server.url, budget.path);
        expect(weight.js.length, budget.path).toBeGreaterThan(0);
        expect(weight.jsGzip, `${budget.path} JavaScript`).toBeLessThanOrEqual(budget.js);
        expect(weight.cssGzip, `${budget.path} CSS`).toBeLessThanOrEqual(budget.css);
        // No framework on these pages: the React islands of other pages must not leak in.
        expect(weight.js.map((a) => a.url).join(' '), budget.path).not.toMatch(/react|\/client\.[\w-]+\.js/i);
      }
    });
  });

  // Skipped by its options rather than describe.skipIf, so that the linter sees these hooks as this block's own.
  describe('in the browser', { skip: !hasBrowser }, () => {
    const browser = useBrowser();

    async function withPage(
      run: (page: Page, context: BrowserContext) => Promise<void>,
      options: { javaScriptEnabled?: boolean } = {},
    ) {
      const context = await newContext(browser, server.url, options);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('dialog', (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      try {
        await run(page, context);
        if (options.javaScriptEnabled !== false)
          expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }

    /** One h1, and no heading more than one level below the one before it. */
    async function expectHeadingsInOrder(page: Page) {
      const levels = await page
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
      expect(
        levels.filter((l) => l === 1),
        pathOf(page),
      ).toHaveLength(1);
      for (const [i, level] of levels.entries())
        expect(level - (levels[i - 1] ?? 0), `${pathOf(page)} heading ${i}`).toBeLessThanOrEqual(1);
    }

    it('home → a subject → a second filter → Most Popular → clear filters', async () => {
      await withPage(async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: 'Discover The Right Learning Resources For You' }).waitFor();
        await page.getByText(/^\d+ learners? online$/).waitFor();
        await expectHeadingsInOrder(page);

        // A Subject Areas card link goes to the search for that subject.
        const subjects = page.getByRole('region', { name: 'Subject Areas' });
        await subjects.getByRole('link', { name: /^Web Development \(\d+\)$/ }).click();
        await page.waitForURL((url) => url.pathname === '/search');
        expect(params(page).get('category')).toBe('web-development');
        const webDev = await api<{ countContents: number }>('/api/contents/search?category=web-development');
        expect(await resultsCount(page)).toMatch(new RegExp(`^${webDev.countContents} Results`));
        expect(await cards(page).count()).toBe(12);
        expect(await page.title()).toBe('Web Development resources — Skillshelf');
        await expectHeadingsInOrder(page);

        // A second filter from the sidebar: the URL holds both, the count follows.
        await (await sidebarOption(page, 'Technologies', /^Python \(\d+\)$/)).click();
        await page.waitForURL((url) => url.searchParams.get('techStack') === 'python');
        expect(params(page).get('category')).toBe('web-development');
        const both = await api<{ countContents: number }>(
          '/api/contents/search?category=web-development&techStack=python',
        );
        expect(await resultsCount(page)).toMatch(new RegExp(`^${both.countContents} Results?`));
        await page.getByRole('link', { name: /Remove filter Technology: Python/ }).waitFor();
        const python = await sidebarOption(page, 'Technologies', /^Python \(\d+\)$/);
        expect(await python.getAttribute('aria-current')).toBe('true');

        // Most Popular: the best rated first, and the order is not the one before.
        const latestNames = await cardNames(page);
        await page.getByLabel('Sort by').selectOption({ label: 'Most Popular' });
        await page.waitForURL((url) => url.searchParams.get('order') === 'topRated');
        expect(params(page).get('category')).toBe('web-development');
        expect(params(page).get('techStack')).toBe('python');
        const ratings = await cardRatings(page);
        expect(ratings.length).toBeGreaterThan(1);
        expect(ratings[0]).toBeGreaterThanOrEqual(ratings.at(-1)!);
        for (let i = 1; i < ratings.length; i++) expect(ratings[i]).toBeLessThanOrEqual(ratings[i - 1]!);
        expect(await cardNames(page)).not.toEqual(latestNames);
        expect(await page.getByLabel('Sort by').inputValue()).toBe('topRated');

        // Clear Filters: back to the plain search.
        await page.getByRole('link', { name: 'Clear Filters' }).click();
        await page.waitForURL((url) => url.pathname === '/search' && url.search === '');
        expect(await resultsCount(page)).toMatch(/^\d+ Results/);
      });
    });

    it('page links: numbered, the current one marked, previous and next', async () => {
      await withPage(async (page) => {
        await page.goto('/search?category=web-development');
        const pager = page.getByRole('navigation', { name: 'Pages' });
        expect(await pager.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
        const firstPage = await cardNames(page);

        await pager.getByRole('link', { name: 'Page 2' }).click();
        await page.waitForURL((url) => url.searchParams.get('page') === '2');
        expect(params(page).get('category')).toBe('web-development');
        expect(
          await page
            .getByRole('navigation', { name: 'Pages' })
            .getByRole('link', { name: 'Page 2' })
            .getAttribute('aria-current'),
        ).toBe('page');
        const secondPage = await cardNames(page);
        expect(secondPage).toHaveLength(12);
        expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
        expect(await page.title()).toBe('Web Development resources, page 2 — Skillshelf');

        await page.getByRole('link', { name: 'Previous page' }).click();
        await page.waitForURL((url) => !url.searchParams.has('page'));
        expect(await cardNames(page)).toEqual(firstPage);
      });
    });

    it('Expand Filters opens every group and closes them again', async () => {
      await withPage(async (page) => {
        await page.goto('/search');
        const groups = page.locator('details[data-filter-group]');
        const openCount = () => groups.evaluateAll((all) => all.filter((d) => (d as HTMLDetailsElement).open).length);
        // The most used groups (Subjects, Level, Costs) start open.
        expect(await openCount()).toBe(3);
        await page.getByRole('button', { name: 'Expand Filters' }).click();
        expect(await openCount()).toBe(await groups.count());
        await page.getByRole('button', { name: 'Collapse Filters' }).click();
        expect(await openCount()).toBe(0);
      });
    });

    it('a card opens its content page: name, description, badges into search, reviews', async () => {
      await withPage(async (page) => {
        await page.goto('/search?searchTerm=freecodecamp');
        await cards(page).getByRole('link', { name: 'freeCodeCamp', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/content/freecodecamp');
        await expectHeadingsInOrder(page);

        const content = await api<{
          name: string;
          description: string;
          url: string;
          reviews: Array<{ _id: string; name: string; comment: string; createdAt: string }>;
        }>('/api/contents/slug/freecodecamp');
        await page.getByRole('heading', { level: 1, name: content.name }).waitFor();
        await page.getByText(content.description).waitFor();
        const external = page.getByRole('link', { name: /^Visit freecodecamp\.org/ });
        expect(await external.getAttribute('href')).toBe(content.url);
        expect(await external.getAttribute('target')).toBe('_blank');
        expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
        await page
          .getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ })
          .first()
          .waitFor();
        // The content's own count (the related cards below carry theirs).
        await page.locator('[data-review-count]', { hasText: /^\(\d+ reviews?\)$/ }).waitFor();

        // Reviews: name, stars, the first 10 characters of the date, the comment.
        expect(content.reviews.length).toBeGreaterThan(0);
        // Whichever place the sort gives it (Most helpful by default).
        const review = page.locator(`[data-review="${content.reviews[0]!._id}"]`);
        await review.getByText(content.reviews[0]!.name, { exact: true }).waitFor();
        await review.getByText(content.reviews[0]!.createdAt.slice(0, 10), { exact: true }).waitFor();
        await review.getByText(content.reviews[0]!.comment).waitFor();
        const signIn = page.getByText('Please Sign In to write a review');
        await signIn.waitFor();
        expect(await signIn.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
          '/signin?redirect=%2Fcontent%2Ffreecodecamp',
        );

        // Certification and cost badges; the tag badges lead into search with that filter.
        await page.locator('[data-badge="certification"]', { hasText: /^Yes$/ }).waitFor();
        await page.locator('[data-badge="cost"]', { hasText: /^Free$/ }).waitFor();
        await page.locator('[data-tag-link="techStack"]', { hasText: 'Python' }).click();
        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('techStack') === 'python');
        const python = await api<{ countContents: number }>('/api/contents/search?techStack=python');
        expect(await resultsCount(page)).toMatch(new RegExp(`^${python.countContents} Results`));
      });
    });

    it("a content without reviews says so; the reviewer sees 'Your review'", async () => {
      await withPage(async (page) => {
        const { contents } = await api<{ contents: Array<{ slug: string; numReviews: number }> }>(
          '/api/contents/search?order=latest&page=2',
        );
        const unreviewed = contents.find((c) => c.numReviews === 0)!;
        await page.goto(`/content/${unreviewed.slug}`);
        await page.getByText('There is no review', { exact: true }).waitFor();
        await page.locator('[data-review-count]', { hasText: '(0 reviews)' }).waitFor();
      });

      await withPage(async (page, context) => {
        // Signed in as a browser is after the sign-in form: both cookies, and the session state docs/product.md#how-things-change stores.
        await context.addCookies([
          { name: 'session', value: hostileReviewer.token, url: server.url },
          { name: 'signed_in', value: hostileReviewer._id, url: server.url },
        ]);
        await context.addInitScript((user) => localStorage.setItem('userInfo', JSON.stringify(user)), hostileReviewer);
        await page.goto(`/content/${HOSTILE.slug}`);
        await page.getByRole('heading', { name: 'Your review' }).waitFor();
        expect(await page.getByText('Please Sign In to write a review').isHidden()).toBe(true);
      });
    });

    it('text that looks like markup stays text on the page', async () => {
      await withPage(async (page) => {
        await page.goto(`/content/${HOSTILE.slug}`);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(HOSTILE.name);
        await page.getByText(HOSTILE.description).waitFor();
        await page.getByText(HOSTILE.comment).waitFor();
        await page.getByText('Markup <i>Reviewer</i>', { exact: true }).first().waitFor();
        expect(await page.locator('main img, main b, main i').count()).toBe(0);
        expect(await page.title()).toBe(`${HOSTILE.name} — Skillshelf`);

        // The feed and the sitemap are well-formed XML for the browser's own parser.
        for (const path of ['/feed.xml', '/sitemap.xml']) {
          const xml = await (await fetch(server.url + path)).text();
          const error = await page.evaluate(
            (text) =>
              new DOMParser().parseFromString(text, 'application/xml').querySelector('parsererror')?.textContent ??
              null,
            xml,
          );
          expect(error, path).toBeNull();
        }
      });
    });

    it("the top-bar search finds 'javscript' as javascript", async () => {
      await withPage(async (page) => {
        await page.goto('/');
        await page.getByRole('navigation', { name: 'Main' }).getByLabel('Search contents').fill('javscript');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(
          (url) => url.pathname === '/search' && url.searchParams.get('searchTerm') === 'javscript',
        );
        await page.getByText('Showing results for javascript').waitFor();
        // The page shows what the API finds for the same words: JavaScript resources, by relevance.
        type Found = {
          correctedTerm?: string;
          countContents: number;
          contents: Array<{
            name: string;
            description: string;
            techStack: Array<{ label: string }>;
            category: Array<{ label: string }>;
            type: Array<{ label: string }>;
          }>;
        };
        const found = await api<Found>('/api/contents/search?searchTerm=javscript');
        expect(found.correctedTerm).toBe('javascript');
        expect(found.countContents).toBeGreaterThan(0);
        expect(await resultsCount(page)).toMatch(new RegExp(`^${found.countContents} Results?`));
        expect(await cardNames(page)).toEqual(found.contents.map((c) => c.name));
        for (const c of found.contents) {
          const text = [c.name, c.description, ...c.techStack, ...c.category, ...c.type]
            .map((t) => (typeof t === 'string' ? t : t.label))
            .join(' ');
          expect(text, c.name).toMatch(/javascript/i);
        }
        // The search term is an active filter that can be removed.
        await page.getByRole('link', { name: /Remove filter Search: javscript/ }).waitFor();
      });
    });

    it('an unknown slug gets a 404 status and the not-found page', async () => {
      await withPage(async (page) => {
        const response = await page.goto('/content/this-does-not-exist');
        expect(response?.status()).toBe(404);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      });
    });

    describe('without JavaScript', () => {
      it('filter links, sorting through the Sort button, page links and Clear Filters all work', async () => {
        await withPage(
          async (page) => {
            await page.goto('/search');
            expect(await page.getByRole('button', { name: 'Expand Filters' }).isVisible()).toBe(false);

            // A filter: the group opens from its heading (no script), the option is a link.
            await (await sidebarOption(page, 'Subjects', /^Web Development \(\d+\)$/)).click();
            await page.waitForURL((url) => url.searchParams.get('category') === 'web-development');
            await (await sidebarOption(page, 'Technologies', /^Python \(\d+\)$/)).click();
            await page.waitForURL((url) => url.searchParams.get('techStack') === 'python');
            expect(params(page).get('category')).toBe('web-development');

            // Sorting: choose, then press Sort; the other parameters ride along as hidden fields.
            await page.getByLabel('Sort by').selectOption({ label: 'Most Popular' });
            await page.getByRole('button', { name: 'Sort', exact: true }).click();
            await page.waitForURL((url) => url.searchParams.get('order') === 'topRated');
            expect(params(page).get('category')).toBe('web-development');
            expect(params(page).get('techStack')).toBe('python');
            const ratings = await cardRatings(page);
            expect(ratings[0]).toBeGreaterThanOrEqual(ratings.at(-1)!);

            // Paging through a filtered search keeps the filter and the order.
            await page.goto('/search?category=web-development&order=oldest');
            await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
            await page.waitForURL((url) => url.searchParams.get('page') === '2');
            expect(params(page).get('category')).toBe('web-development');
            expect(params(page).get('order')).toBe('oldest');
            expect(await cards(page).count()).toBe(12);

            await page.getByRole('link', { name: 'Clear Filters' }).click();
            await page.waitForURL((url) => url.pathname === '/search' && url.search === '');
          },
          { javaScriptEnabled: false },
        );
      });

      it('home cards lead into search and content pages render in full', async () => {
        await withPage(
          async (page) => {
            await page.goto('/');
            await page
              .getByRole('region', { name: 'Content Types' })
              .getByRole('link', { name: /^Podcasts \(\d+\)$/ })
              .click();
            await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('type') === 'podcasts');
            const first = (await cardNames(page))[0]!;
            await cards(page).getByRole('link', { name: first, exact: true }).click();
            await page.waitForURL((url) => url.pathname.startsWith('/content/'));
            await page.getByRole('heading', { level: 1, name: first }).waitFor();
            await page.getByRole('heading', { name: 'Reviews' }).waitFor();
          },
          { javaScriptEnabled: false },
        );
      });
    });
  });
});
