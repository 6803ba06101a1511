/**
 * A content's life in a real browser: Create Content makes a draft that only admins see (the table marks
 * and filters it), saved complete it is published; an old content is edited without any upload; a
 * content without an image shows its letter tile on cards and on its page; a submission's blank fields
 * are named to the reviewing admin.
 */
import type { Page } from 'playwright-core';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { answerConfirmation, hasBrowser, hydrated, newContext, withSignedInPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

const DEMO_USER = { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' };
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe.skipIf(!hasBrowser)('a content from draft to published, in the browser', () => {
  const browser = useBrowser();
  let adminToken: string;
  let userToken: string;

  const { server, api } = useServer();
  beforeAll(async () => {
    adminToken = (
      await api.call('signIn', {
        body: DEMO_ADMIN,
      })
    ).body.token;
    userToken = (
      await api.call('signIn', {
        body: DEMO_USER,
      })
    ).body.token;
  });

  const asAdmin = (run: (page: Page) => Promise<void>) => withSignedInPage(browser, server.url, DEMO_ADMIN, run);

  it('Create Content makes a draft only admins see; saved complete, it is published', async () => {
    const name = `Lifecycle Course ${Date.now()}`;
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    let id = '';
    await asAdmin(async (page) => {
      await page.goto('/admin/contents');
      await page.getByRole('button', { name: 'Create Content' }).click();
      await answerConfirmation(page, 'Create');
      await page.waitForURL((url) => url.pathname.startsWith('/admin/content/'));
      id = new URL(page.url()).pathname.split('/').at(-1)!;
      await page.locator('[data-draft-note]').waitFor();

      // In the table it is marked a draft, and the Drafts filter shows it.
      await page.goto('/admin/contents?status=draft');
      const draftRow = row(page, id);
      await draftRow.waitFor();
      expect(await draftRow.locator('[data-status]').textContent()).toBe('Draft');
      expect(await page.getByLabel('Status').inputValue()).toBe('draft');

      // Not in the catalog: the search, the feed, the sitemap and its page know nothing of it.
      const visitor = await fetch(`${server.url}/search?searchTerm=Sample`).then((r) => r.text());
      expect(visitor).not.toContain(id);
      expect(
        (
          await fetch(
            `${server.url}/content/${
              (
                await api.call('getContent', {
                  params: { id },
                  token: adminToken,
                })
              ).body.slug
            }`,
          )
        ).status,
      ).toBe(404);

      // Saved with every required field: published. The image field already holds the letter tile.
      await draftRow.getByRole('link', { name: /^Edit/ }).click();
      await hydrated(page);
      expect(await page.getByLabel('Image URL').inputValue()).toContain('/images/placeholder/');
      await page.getByLabel('Website URL').fill(`https://${slug}.example.org/`);
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'From name' }).click();
      await page.getByLabel('Description').fill('A course that went from draft to published.');
      await page.getByRole('button', { name: 'Update' }).click();
      // Back to the view it was opened from: the drafts, which it has left.
      await page.waitForURL((url) => url.pathname === '/admin/contents' && url.search === '?status=draft');
      await toast(page, 'Content updated successfully').waitFor();
      await page.goto('/admin/contents');
      expect(await row(page, name).locator('[data-status]').textContent()).toBe('Published');
    });
    const published = await fetch(`${server.url}/content/${slug}`);
    expect(published.status).toBe(200);
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug },
        })
      ).body,
    ).toMatchObject({ _id: id, status: 'published' });
  });

  it('an old content is edited (a typo fixed) without uploading an image', async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const old = body.contents[0];
    await asAdmin(async (page) => {
      await page.goto(`/admin/content/${old._id}`);
      await hydrated(page);
      expect(await page.getByLabel('Image URL').inputValue()).toBe(old.image);
      await page.getByLabel('Description').fill(`${old.description} Typo fixed.`);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/contents');
      await toast(page, 'Content updated successfully').waitFor();
    });
    const after = (
      await api.call('contentBySlug', {
        params: { slug: old.slug },
      })
    ).body;
    expect(after.description).toBe(`${old.description} Typo fixed.`);
    expect(after.image).toBe(old.image);
  });

  it('a content without an image shows its letter tile on cards and on its page, never a broken image', async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const tiled = body.contents.find((c) => c.image.includes('/images/placeholder/'));
    assert(tiled, 'a content shown with its tile');
    const context = await newContext(browser, server.url);
    try {
      const page = await context.newPage();
      await page.goto(`/search?searchTerm=${encodeURIComponent(tiled.name)}`);
      const card = page.locator('article', { hasText: tiled.name }).first();
      await card.locator('svg[data-placeholder]').waitFor();
      expect(await card.locator('svg[data-placeholder] text').textContent()).toBe(
        tiled.name.match(/[\p{L}\p{N}]/u)?.[0]?.toUpperCase(),
      );
      await page.goto(`/content/${tiled.slug}`);
      await page.locator('main svg[data-placeholder]').first().waitFor();
      // No <img> on the page failed to load.
      const broken = await page.$$eval('img', (images) =>
        images.filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
      );
      expect(broken).toEqual([]);
      // The tile the API names is the same picture, served as an image.
      const svg = await page.request.get(tiled.image);
      expect(svg.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    } finally {
      await context.close();
    }
  });

  it('the reviewing admin sees which fields the submitter left blank', async () => {
    const created = await api.call('submitLink', {
      body: { url: `https://blank-${Date.now()}.example.org/`, cost: '', hasCert: '', description: '' },
      token: userToken,
    });
    expect(created.status).toBe(201);
    await asAdmin(async (page) => {
      await page.goto(`/admin/submission/${created.body._id}`);
      const note = page.locator('[data-blank-fields]');
      await note.waitFor();
      const text = await note.textContent();
      for (const label of ['Categories', 'Cost', 'provide certification', 'Description']) expect(text).toContain(label);
      await hydrated(page);
      expect(await page.getByLabel('Cost').inputValue()).toBe('Free');
    });
  });
});
