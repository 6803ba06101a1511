/**
 * A learner's shelf in Chromium against the real server (docs/product.md, Lists and Progress): a list made
 * from the Saved page through "Add to list…" and its "New list…", reordered from the keyboard (the new place
 * announced) and by dragging, noted, published; its public page signed out; copied by another user; progress marked and
 * counted by the bar. One server, one browser, lean: the suite is near its time budget.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, nativeDialogs, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PASSWORD = 'shelf-password-1';

describe.skipIf(!hasBrowser)('a learner’s lists and progress, in the browser', () => {
  const browser = useBrowser();
  let contents: Array<{ _id: string; slug: string; name: string }>;

  const { server, api } = useServer();
  beforeAll(async () => {
    contents = (
      await api.call('searchContents', {
        query: { order: 'oldest' },
      })
    ).body.contents.slice(0, 3);
  });

  async function signedIn(email: string): Promise<{ page: Page; done: () => Promise<void> }> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const opened = nativeDialogs(page);
    await signInThroughForm(page, { email, password: PASSWORD });
    return {
      page,
      done: async () => {
        expect(problems).toEqual([]);
        expect(opened()).toEqual([]);
        await context.close();
      },
    };
  }

  const names = (page: Page) =>
    page.locator('[data-list-items] [data-list-item] a[href^="/content/"]').allTextContents();

  it('a list made from saves, reordered by keyboard and by mouse, noted, published, read signed out, copied by another, its progress counted', async () => {
    const ada = await signUp(api, 'Ada Shelf', { password: PASSWORD });
    // Saved newest first: the last saved is the Saved page's first entry.
    for (const content of [...contents].reverse())
      expect(
        (
          await api.call('save', {
            params: { id: content._id },
            token: ada.token,
          })
        ).status,
      ).toBe(200);
    const { page, done } = await signedIn(ada.email);

    await page.goto('/saved');
    await hydrated(page);
    // The first save's menu: "New list…" asks for a name in the site's dialog.
    await page.getByRole('button', { name: 'Add to list…' }).first().click();
    await page.getByRole('menuitem', { name: 'New list…' }).click();
    await page.getByRole('dialog', { name: 'New list' }).getByPlaceholder('Name').fill('Rust in 30 days');
    await page.getByRole('button', { name: 'Create and add' }).click();
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    // The others from the keyboard: the menu opens on the arrow key, the list is its first item.
    for (const index of [1, 2]) {
      await page.getByRole('button', { name: 'Add to list…' }).nth(index).focus();
      await page.keyboard.press('ArrowDown');
      const item = page.getByRole('menuitemcheckbox', { name: 'Rust in 30 days' });
      await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(
          async () =>
            (
              await api.call('myLists', {
                token: ada.token,
              })
            ).body.lists[0].numItems,
        )
        .toBe(index + 1);
    }

    await page.goto('/my-lists');
    await page.getByRole('link', { name: 'Rust in 30 days' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/my-lists/'));
    await hydrated(page);
    const order = contents.map((content) => content.name);
    expect(await names(page)).toEqual(order);

    // Reordered from the keyboard: the focus stays on the moved item's button, and the place is announced.
    await page.getByRole('button', { name: `Move ${order[0]} down` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => names(page)).toEqual([order[1], order[0], order[2]]);
    expect(await page.locator('[data-list-announcement]').textContent()).toBe(`${order[0]} moved to position 2 of 3`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move ${order[0]} down`);

    // With the mouse: the last item dragged onto the first takes its place, and back; the server keeps each order.
    const rows = page.locator('[data-list-item]');
    const listId = new URL(page.url()).pathname.split('/').at(-1)!;
    const savedOrder = async () =>
      (
        await api.call('getList', {
          params: { id: listId },
          token: ada.token,
        })
      ).body.items.map((item: { content: { name: string } }) => item.content.name);
    await rows.nth(2).dragTo(rows.nth(0));
    await expect.poll(() => names(page)).toEqual([order[2], order[1], order[0]]);
    expect(await page.locator('[data-list-announcement]').textContent()).toBe(`${order[2]} moved to position 1 of 3`);
    await expect.poll(savedOrder).toEqual([order[2], order[1], order[0]]);
    await rows.nth(0).dragTo(rows.nth(2));
    await expect.poll(() => names(page)).toEqual([order[1], order[0], order[2]]);
    await expect.poll(savedOrder).toEqual([order[1], order[0], order[2]]);

    await page.getByRole('button', { name: `Add a note on ${order[2]}` }).click();
    await page.getByLabel(`Note on ${order[2]}`).fill('Read the second chapter twice');
    await page.locator('[data-list-item]').nth(2).getByRole('button', { name: 'Save note' }).click();
    // Saved, the note reads as text with its Edit button.
    await page
      .locator('[data-list-item]')
      .nth(2)
      .locator('[data-list-note]')
      .getByText('Read the second chapter twice')
      .waitFor();
    expect(await page.getByRole('button', { name: `Edit note on ${order[2]}` }).isVisible()).toBe(true);

    // Progress: one of three done, and the filter shows it alone.
    await page.getByLabel(`Progress with ${order[1]}`).selectOption('done');
    await expect.poll(() => page.locator('[data-progress-bar]').textContent()).toContain('1 of 3 done');
    await page.locator('[data-progress-filter]').selectOption('done');
    expect(await names(page)).toEqual([order[1]]);
    await page.locator('[data-progress-filter]').selectOption('');

    const visibility = page.getByRole('switch', { name: 'Public' });
    expect(await visibility.isChecked()).toBe(false);
    await visibility.click();
    const publicLink = page.getByRole('link', { name: 'See its public page' });
    await publicLink.waitFor();
    const publicPath = (await publicLink.getAttribute('href'))!;

    // The owner's public page paints their progress.
    await page.goto(publicPath);
    await expect.poll(() => page.locator('[data-list-progress-label]').textContent()).toBe('1 of 3 done');
    expect(await page.locator('[data-copy-list]').isHidden()).toBe(true);
    await done();

    // Signed out: the list in order with its note, and its JSON-LD.
    const visitor = await browser.newContext({ baseURL: server.url });
    const anonymous = await visitor.newPage();
    await anonymous.goto(publicPath);
    expect(await anonymous.getByRole('heading', { level: 1 }).textContent()).toBe('Rust in 30 days');
    expect(await anonymous.locator('[data-list-item] h2').allTextContents()).toEqual([order[1], order[0], order[2]]);
    expect(await anonymous.locator('[data-list-note]').textContent()).toContain('Read the second chapter twice');
    const jsonLd = JSON.parse((await anonymous.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'ItemList', numberOfItems: 3 });
    expect(await anonymous.locator('[data-list-progress]').isHidden()).toBe(true);
    await visitor.close();

    // Another user copies it and lands on their own copy.
    const bob = await signUp(api, 'Bob Shelf', { password: PASSWORD });
    const other = await signedIn(bob.email);
    await other.page.goto(publicPath);
    await other.page.getByRole('button', { name: 'Copy to my lists' }).click();
    await other.page.waitForURL((url) => url.pathname.startsWith('/my-lists/'));
    await hydrated(other.page);
    expect(await names(other.page)).toEqual([order[1], order[0], order[2]]);
    // Marking Learning on a content page saves it: the saves badge counts it.
    await other.page.goto(`/content/${contents[0]!.slug}`);
    await other.page.getByLabel(`Progress with ${contents[0]!.name}`).selectOption('learning');
    await expect
      .poll(
        async () =>
          (
            await api.call('myProgress', {
              token: bob.token,
            })
          ).body.progress[0]?.state,
      )
      .toBe('learning');
    await expect.poll(() => other.page.locator('[data-saved-badge]').first().textContent()).toBe('1');
    await other.done();
  });

  it('bookmarks out from the Saved page and in through the import screen, its progress shown and the unknown links offered for submission', async () => {
    const eve = await signUp(api, 'Eve Shelf', { password: PASSWORD });
    for (const content of contents.slice(0, 2))
      expect(
        (
          await api.call('save', {
            params: { id: content._id },
            token: eve.token,
          })
        ).status,
      ).toBe(200);
    const trip = (
      await api.call('createList', {
        body: { name: 'Trip' },
        token: eve.token,
      })
    ).body;
    await api.call('addListItem', {
      params: { id: trip._id },
      body: { contentId: contents[2]!._id, note: 'On the train' },
      token: eve.token,
    });
    const exporter = await signedIn(eve.email);
    await exporter.page.goto('/saved');
    await hydrated(exporter.page);
    await exporter.page.getByText('Export / import').click();
    const [download] = await Promise.all([
      exporter.page.waitForEvent('download'),
      exporter.page.getByRole('link', { name: 'Bookmark file (HTML, for browsers)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^skillshelf-bookmarks-\d{4}-\d{2}-\d{2}\.html$/);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain('>Trip</H3>');
    await exporter.done();

    // Another account imports it, with one link the catalog lacks.
    const fay = await signUp(api, 'Fay Shelf', { password: PASSWORD });
    const unknown = `https://e2e-${Date.now()}.example.org/course`;
    const file = exported.replace(
      /<\/DL><p>\s*$/,
      `    <DT><A HREF="${unknown}" ADD_DATE="1700000000">A course to suggest</A>\n</DL><p>\n`,
    );
    const importer = await signedIn(fay.email);
    await importer.page.goto('/my-lists/import');
    await hydrated(importer.page);
    // The bar may come and go within a frame: a watcher notes that it was drawn.
    await importer.page.evaluate(() => {
      const seen = ((window as unknown as { progressSeen: boolean }).progressSeen = false);
      new MutationObserver(() => {
        if (document.querySelector('[data-import-progress] progress'))
          (window as unknown as { progressSeen: boolean }).progressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
      return seen;
    });
    await importer.page
      .locator('[data-bookmark-file]')
      .setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(file) });
    await importer.page.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.page.locator('[data-import-summary]').waitFor();
    expect(await importer.page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen)).toBe(
      true,
    );
    expect(await importer.page.locator('[data-import-summary]').textContent()).toContain('3 resources saved');
    const offered = importer.page.getByRole('checkbox', { name: /A course to suggest/ });
    expect(await offered.isChecked()).toBe(false);
    await offered.check();
    await importer.page.getByRole('button', { name: 'Submit 1 link for review' }).click();
    await expect
      .poll(() => importer.page.locator('[data-offer-sent]').textContent())
      .toContain('1 link submitted for review');
    const mine = (
      await api.call('mySubmissions', {
        token: fay.token,
      })
    ).body;
    expect(JSON.stringify(mine)).toContain(unknown);
    const lists = (
      await api.call('myLists', {
        token: fay.token,
      })
    ).body.lists;
    expect(lists.map((l: { name: string; numItems: number }) => [l.name, l.numItems])).toEqual([['Trip', 1]]);
    await importer.done();
  });
});
