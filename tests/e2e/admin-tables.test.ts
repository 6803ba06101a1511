/**
 * The admin tables at the scale of a real catalog (decision 020), in a real browser: search,
 * sort, filters, page size and an ellipsis pager, with the view in the address (reload, Back); bulk
 * approve, reject and delete of submissions with each row's outcome; and the tables as cards on a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerConfirmation, hasBrowser, hydrated, nativeDialogs, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, CATALOG_READY } from '../setup/actors.ts';

const DEMO_USER = { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' };
const search = (page: Page) => new URL(page.url()).search;
const bodyRows = (page: Page) => page.locator('tbody tr');
/** The text of one column of every row on screen, by its header's label. */
const column = (page: Page, label: string) => page.locator(`tbody td[data-label="${label}"]`).allInnerTexts();

describe.skipIf(!hasBrowser)('admin tables', () => {
  const browser = useBrowser();
  let adminToken: string;
  let userToken: string;
  let desktop: BrowserContext;
  let page: Page;
  let opened: () => string[];

  const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
  beforeAll(async () => {
    adminToken = (await asAdmin(api)).token;
    userToken = (
      await api.call('signIn', {
        body: DEMO_USER,
      })
    ).body.token;
    desktop = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    page = await desktop.newPage();
    opened = nativeDialogs(page);
    await signInThroughForm(page, DEMO_ADMIN);
  });

  async function submit(name: string, url = `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.org/course`) {
    const res = await api.call('submitLink', {
      body: { ...CATALOG_READY, url, name },
      token: userToken,
    });
    expect(res.status).toBe(201);
    return res.body as { _id: string; name: string };
  }

  it('contents: search, sort by a column either way, page size, and an ellipsis pager with previous and next; the view is in the address', async () => {
    await page.goto('/admin/contents');
    await hydrated(page);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    // 18 pages of 10: the first, the last and the neighbours, with gaps, not 18 buttons.
    await pager.waitFor();
    const numbers = await pager.locator('a[aria-current], a:not([aria-label])').count();
    expect(numbers).toBeLessThanOrEqual(4);
    expect(await pager.getByText('…').count()).toBe(1);
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => search(page)).toBe('?page=2');
    await expect.poll(() => pager.locator('[aria-current="page"]').innerText()).toContain('2');
    await expect.poll(() => column(page, 'No.').then((n) => n[0])).toBe('11');
    await page.goBack();
    await expect.poll(() => search(page)).toBe('');
    await expect.poll(() => column(page, 'No.').then((n) => n[0])).toBe('1');

    await page.getByRole('search', { name: 'List view' }).getByLabel('Search contents').fill('python');
    await expect.poll(() => search(page)).toBe('?search=python');
    // 'Rows 1–10 of n': fewer than the whole catalog once the search's rows are in.
    const shownTotal = async () => Number((await page.locator('[data-rows-shown]').innerText()).match(/of (\d+)/)?.[1]);
    await expect.poll(shownTotal).toBeLessThan(150);
    const found = await shownTotal();
    expect(found).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'NAME' }).click();
    await expect.poll(() => search(page)).toBe('?search=python&sort=name&order=asc');
    expect(await page.getByRole('columnheader', { name: 'NAME' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('search', { name: 'List view' }).getByLabel('Rows').selectOption('25');
    await expect.poll(() => search(page)).toBe('?search=python&sort=name&order=asc&pageSize=25');
    await expect.poll(() => bodyRows(page).count()).toBe(Math.min(25, found));
    const ascending = await column(page, 'NAME');
    expect(ascending.map((n) => n.toLowerCase())).toEqual([...ascending].map((n) => n.toLowerCase()).sort());

    await page.getByRole('button', { name: 'NAME' }).click();
    await expect.poll(() => search(page)).toBe('?search=python&sort=name&order=desc&pageSize=25');
    const descending = async () => (await column(page, 'NAME')).map((n) => n.toLowerCase());
    await expect.poll(async () => (await descending())[0]! > ascending[ascending.length - 1]!.toLowerCase()).toBe(true);
    expect(await descending()).toEqual([...(await descending())].sort().reverse());

    // Bookmarked: a fresh load shows the same view, its controls set.
    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('search', { name: 'List view' }).getByLabel('Search contents').inputValue())
      .toBe('python');
    expect(await page.getByRole('search', { name: 'List view' }).getByLabel('Rows').inputValue()).toBe('25');
    await expect.poll(() => bodyRows(page).count()).toBe(Math.min(25, found));
    expect(await page.getByRole('columnheader', { name: 'NAME' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('contents at 1366 px: rows of at most two lines, dates and ids on one line, actions side by side, Delete quiet, ids copied on a click', async () => {
    await desktop.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto('/admin/contents');
    await hydrated(page);
    await expect.poll(() => bodyRows(page).count()).toBe(10);
    const heights = await bodyRows(page).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeLessThanOrEqual(56);
    // A date or an id is one line: no taller than its line.
    const wrapped = await page
      .locator('tbody td[data-label="ADDED"] time, tbody td[data-label="CONTENT ID"] button')
      .evaluateAll(
        (cells) =>
          cells.filter(
            (cell) => cell.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(cell).lineHeight),
          ).length,
      );
    expect(wrapped).toBe(0);
    const first = bodyRows(page).first();
    const [edit, remove] = [first.getByRole('link', { name: /^Edit/ }), first.getByRole('button', { name: /^Delete/ })];
    expect(Math.abs((await edit.boundingBox())!.y - (await remove.boundingBox())!.y)).toBeLessThan(2);
    // Delete is an outline until pointed at.
    const background = () => remove.evaluate((button) => getComputedStyle(button).backgroundColor);
    // The pointer away from it, and past daisyUI's transition of a button's background.
    await page.mouse.move(0, 0);
    await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
    await remove.hover();
    await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
    // A link never checked says so.
    expect(new Set(await column(page, 'LINK'))).toEqual(new Set(['not checked']));

    const id = (
      await api.call('adminContents', {
        token: adminToken,
      })
    ).body.contents[0]._id as string;
    await first.getByRole('button', { name: `Copy ID ${id}` }).click();
    await page.locator('[data-toast]', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  });

  it('Edit → Update returns to the view the list was in: its search, filters, sort and page', async () => {
    const view = '?cost=Free&search=python&sort=name&order=asc&pageSize=5&page=2';
    const { body } = await api.raw.get(`/api/contents/admin${view}`, { token: adminToken });
    expect(body.page).toBe(2);
    await page.goto(`/admin/contents${view}`);
    await hydrated(page);
    const row = bodyRows(page).first();
    await expect.poll(() => row.locator('td[data-label="NAME"]').innerText()).toBe(body.contents[0].name);
    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL((url) => url.pathname === `/admin/content/${body.contents[0]._id}`);
    await hydrated(page);
    expect(await page.getByRole('link', { name: 'Back to contents' }).getAttribute('href')).toBe(
      `/admin/contents${view}`,
    );
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/contents');
    expect(search(page)).toBe(view);
    await page.locator('[data-toast]', { hasText: 'Content updated successfully' }).waitFor();
    await expect
      .poll(() => page.getByRole('search', { name: 'List view' }).getByLabel('Search contents').inputValue())
      .toBe('python');
    await expect.poll(() => row.locator('td[data-label="NAME"]').innerText()).toBe(body.contents[0].name);
  });

  it('contents filter by status, category and cost; users by role; submissions by status', async () => {
    await page.goto('/admin/contents');
    await hydrated(page);
    const controls = page.getByRole('search', { name: 'List view' });
    await controls.getByLabel('Subject').selectOption('web-development');
    await controls.getByLabel('Cost').selectOption('Paid');
    await expect.poll(() => search(page)).toBe('?category=web-development&cost=Paid');
    await expect.poll(async () => new Set(await column(page, 'COST'))).toEqual(new Set(['Paid']));
    for (const categories of await column(page, 'CATEGORY')) expect(categories).toContain('Web Development');
    await controls.getByLabel('Status').selectOption('draft');
    await expect.poll(() => page.getByText('No contents match this view').count()).toBe(1);

    await page.goto('/admin/users?role=admin');
    await hydrated(page);
    await expect.poll(() => column(page, 'IS ADMIN')).toEqual(['YES']);
    expect(await page.getByRole('search', { name: 'List view' }).getByLabel('Role').inputValue()).toBe('admin');

    const decided = await submit(`Status Filter ${Date.now()}`);
    await api.call('rejectSubmission', {
      params: { id: decided._id },
      token: adminToken,
    });
    await page.goto('/admin/submissions');
    await hydrated(page);
    await page.getByRole('search', { name: 'List view' }).getByLabel('Status').selectOption('rejected');
    await expect.poll(() => search(page)).toBe('?status=rejected');
    await expect.poll(() => page.getByRole('row').filter({ hasText: decided.name }).count()).toBe(1);
  });

  it('bulk: reject the rows ticked with one reason, and see which succeeded and which failed and why', async () => {
    const word = `bulkreject${Date.now()}`;
    const made = [await submit(`${word} One`), await submit(`${word} Two`), await submit(`${word} Three`)];
    await page.goto(`/admin/submissions?search=${word}`);
    await hydrated(page);
    await expect.poll(() => bodyRows(page).count()).toBe(3);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect.poll(() => page.locator('[data-selected-count]').innerText()).toBe('3 submissions selected.');
    // Someone else decides one meanwhile: its row must say it was not rejected now.
    await api.call('approveSubmission', {
      params: { id: made[2]!._id },
      body: {},
      token: adminToken,
    });

    await page.getByRole('button', { name: 'Reject selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Reject 3 submissions' }).click();
    const report = page.getByRole('status', { name: 'Bulk action result' });
    await expect.poll(() => report.locator('strong').innerText()).toBe('2 rejected, 1 failed');
    expect(await report.locator('[data-outcome="rejected"]').allInnerTexts()).toEqual([
      `✓ ${word} One: rejected`,
      `✓ ${word} Two: rejected`,
    ]);
    expect(await report.locator('[data-outcome="refused"]').innerText()).toBe(
      `✗ ${word} Three: refused (Submission was already approved; nothing changed)`,
    );
    await expect.poll(() => bodyRows(page).count()).toBe(0);
    for (const s of made.slice(0, 2))
      expect(
        (
          await api.call('getSubmission', {
            params: { id: s._id },
            token: adminToken,
          })
        ).body,
      ).toMatchObject({
        status: 'rejected',
        rejectReason: 'spam',
      });
  });

  it('a rejection under way keeps its dialog: Escape waits for the answer, which then closes it', async () => {
    const word = `busyreject${Date.now()}`;
    const made = await submit(`${word} One`);
    await page.goto(`/admin/submissions?search=${word}`);
    await hydrated(page);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    // The rejection's request is held until the test lets it go.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let reached = false;
    await page.route(`**/api/submissions/${made._id}`, async (route) => {
      if (route.request().method() === 'GET') return route.continue();
      reached = true;
      await held;
      await route.continue();
    });
    try {
      await bodyRows(page)
        .first()
        .getByRole('button', { name: /^Reject/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
      await dialog.getByRole('button', { name: 'Reject submission' }).click();
      await expect.poll(() => reached).toBe(true);
      await page.keyboard.press('Escape');
      // Still open, its request still running.
      expect(await dialog.isVisible()).toBe(true);
      letGo();
      await page.locator('[data-toast]', { hasText: 'submission rejected successfully' }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      letGo();
      await page.unroute(`**/api/submissions/${made._id}`);
    }
    expect(
      (
        await api.call('getSubmission', {
          params: { id: made._id },
          token: adminToken,
        })
      ).body,
    ).toMatchObject({ status: 'rejected' });
  });

  it('bulk: select all matching (beyond this page) and approve them after one confirmation; delete one ticked row', async () => {
    const word = `bulkall${Date.now()}`;
    const made = [await submit(`${word} A`), await submit(`${word} B`), await submit(`${word} C`)];
    await page.goto(`/admin/submissions?search=${word}&pageSize=2`);
    await hydrated(page);
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Select all 3 matching' }).click();
    await expect
      .poll(() => page.locator('[data-selected-count]').innerText())
      .toBe('All 3 submissions matching are selected.');
    await page.getByRole('button', { name: 'Approve selected' }).click();
    expect(await answerConfirmation(page, 'Approve')).toBe('Approve 3 submissions?');
    const report = page.getByRole('status', { name: 'Bulk action result' });
    await expect.poll(() => report.locator('strong').innerText()).toBe('3 approved');
    for (const s of made)
      expect(
        (
          await api.call('getSubmission', {
            params: { id: s._id },
            token: adminToken,
          })
        ).body.status,
      ).toBe('approved');

    const spam = await submit(`${word} Spam`);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('search', { name: 'List view' }).getByLabel('Search submissions').fill(`${word} spam`);
    await page.getByRole('checkbox', { name: `Select ${spam.name}` }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    expect(await answerConfirmation(page, 'Delete')).toBe('Delete 1 submission for good?');
    await expect.poll(() => report.locator('strong').innerText()).toBe('1 deleted');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: spam._id },
          token: adminToken,
        })
      ).status,
    ).toBe(404);
    expect(opened()).toEqual([]);
  });

  it('on a phone, rows are cards with their actions in view behind their menu (submissions, contents, reviews), and a long URL is cut to the card', async () => {
    const long = `https://courses.example.org/${'very-long-path-segment-'.repeat(6)}end?${'utm=x&'.repeat(5)}`;
    const waiting = await submit(`Phone Card ${Date.now()}`, long);
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      storageState: await desktop.storageState(),
      isMobile: true,
      hasTouch: true,
    });
    try {
      const small = await phone.newPage();
      // The queue is oldest first: the new submission is on the last page.
      const { pages } = (
        await api.call('adminSubmissions', {
          token: adminToken,
        })
      ).body;
      await small.goto(`/admin/submissions?page=${pages}`);
      await hydrated(small);
      const card = small.getByRole('row').filter({ hasText: waiting.name });
      await card.waitFor();
      // Nothing sits off-screen to the right: the page does not scroll sideways and every action is in view.
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await card.getByRole('button', { name: /^Actions for / }).click();
      for (const name of [/^Approve/, /^Reject/, /^Edit/]) {
        const box = (await card.getByRole(name.source === '^Edit' ? 'link' : 'button', { name }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // The URL uses the card's width, on one line cut short (its whole in the link).
      const cell = card.locator('td[data-label="URL"]');
      const url = (await cell.boundingBox())!;
      const lineHeight = await cell.evaluate((td) => parseFloat(getComputedStyle(td).lineHeight));
      expect(url.width).toBeGreaterThan(250);
      expect(Math.round(url.height / lineHeight)).toBe(1);
      expect(await card.getByRole('link', { name: long }).count()).toBe(1);

      await small.goto('/admin/contents');
      await hydrated(small);
      const first = small.locator('tbody tr').first();
      await first.getByRole('button', { name: /^Actions for / }).click();
      const remove = (await first.getByRole('button', { name: /^Delete/ }).boundingBox())!;
      expect(remove.x + remove.width).toBeLessThanOrEqual(390);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await small.goto('/admin/reviews');
      await hydrated(small);
      const review = small.locator('tbody tr').first();
      await review.getByRole('button', { name: /^Actions for / }).click();
      for (const name of [/^Its reviews/, /^Delete/]) {
        const box = (await review.getByRole('button', { name }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
