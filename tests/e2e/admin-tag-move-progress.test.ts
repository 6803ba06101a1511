/**
 * A tag on thousands of contents, renamed on the tags screen in a real browser: its row shows how many of them
 * have moved while the change goes, from the answer's stream of progress lines, then the toast and the new row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { generateSyntheticCatalog } from '../../db/maintenance/seed/synthetic.ts';
import { signUp, type Actor } from '../setup/actors.ts';
import { hasBrowser, hydrated, newContext, signInThroughForm } from '../setup/browser.ts';
import { sqlRows } from '../setup/sql.ts';
import { databaseAuthToken, databaseUrlIn } from '../setup/test-database.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const CONTENTS = 3000;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skillshelf-tag-move-'));
  const url = await databaseUrlIn(dir);
  const db = await openDb({ url, authToken: databaseAuthToken(url) });
  await migrateDb(db);
  await generateSyntheticCatalog(db, CONTENTS, { reviewers: 2 });
  db.$client.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasBrowser)('renaming a tag on thousands of contents', () => {
  const browser = useBrowser();
  const { server, api } = useServer(() => ({ dir, seed: false }));
  let admin: Actor;
  let page: Page;

  beforeAll(async () => {
    admin = await signUp(api, 'Tag Keeper');
    await sqlRows(server.dbUrl, 'UPDATE users SET is_admin = 1 WHERE email = ?', [admin.email]);
    page = await (await newContext(browser, server.url)).newPage();
    await signInThroughForm(page, admin);
  });

  it('shows the contents moved of how many while it goes, then the renamed tag', async () => {
    const [most] = (
      await api.call('adminTags', { query: { kind: 'category', sort: 'used', pageSize: '1' }, token: admin.token })
    ).body.tags;
    expect(most!.contents).toBeGreaterThan(1000);
    await page.goto('/admin/tags?kind=category');
    await hydrated(page);
    const row = page.locator(`tr[data-tag="category:${most!.value}"]`);
    await row.getByRole('button', { name: `Rename ${most!.label}` }).click();
    // Every progress the row shows, however briefly: the move may take a fraction of a second here.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { shownProgress: string[] }).shownProgress = shown;
      new MutationObserver(() => {
        const status = document.querySelector('[data-tag-move-progress] [role="status"]')?.textContent;
        if (status && shown.at(-1) !== status) shown.push(status);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByLabel('New label').fill('Everything else');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect.poll(() => page.locator('[data-toast]', { hasText: "Renamed to 'Everything else'" }).count()).toBe(1);
    await expect.poll(() => page.locator('tr[data-tag="category:everything-else"]').count()).toBe(1);
    expect(await page.locator('[data-tag-move-progress]').count()).toBe(0);
    const shown = await page.evaluate(() => (window as unknown as { shownProgress: string[] }).shownProgress);
    // What it showed: the contents moved of the tag's count, never going back (steps that arrive together
    // are drawn once, as the last of them).
    const total = most!.contents.toLocaleString('en-US');
    expect(shown.length).toBeGreaterThan(0);
    const moved = shown.map((status) => {
      const match = new RegExp(`^Moving contents: ([\\d,]+) of ${total}$`).exec(status);
      expect(match, status).not.toBeNull();
      return Number(match![1]!.replaceAll(',', ''));
    });
    expect(moved).toEqual([...moved].sort((a, b) => a - b));
    expect(moved.at(-1)).toBeLessThanOrEqual(most!.contents);
  });
});
