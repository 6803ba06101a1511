/**
 * The links of an imported bookmark file that the catalog lacks (docs/product.md, Bookmarks in and out): none
 * is ticked, a folder is chosen at once, the page says what a submission makes public; at a laptop's width and
 * a phone's; and the top bar's Saved count follows the links an import saved.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, nativeDialogs, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A browser's file: ten unknown links in "Python to learn", two private ones in "Work", one in no folder. */
function bookmarkFile(stamp: string): string {
  const link = (url: string, title: string) => `<DT><A HREF="${url}" ADD_DATE="1700000000">${title}</A>`;
  const python = Array.from({ length: 10 }, (_, i) =>
    link(`https://py-${stamp}.example.org/lesson-${i + 1}`, `Python lesson ${i + 1}`),
  );
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1>
<DL><p>
<DT><H3>Python to learn</H3>
<DL><p>
${python.join('\n')}
</DL><p>
<DT><H3>Work</H3>
<DL><p>
${link(`https://intranet-${stamp}.example.com/payroll`, 'Payroll')}
${link(`https://intranet-${stamp}.example.com/router`, 'Router admin page')}
</DL><p>
${link(`https://recipes-${stamp}.example.net/`, 'Pancake recipe')}
</DL><p>
`;
}

describe.skipIf(!hasBrowser)('links offered after a bookmark import', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of SIZES)
    it(`ticks nothing, says what a submission makes public, and submits one folder's links at once (${size.name})`, async () => {
      const stamp = `${size.name}-${Date.now()}`;
      const owner = await signUp(api, `Offer ${size.name}`);
      const context = await browser.newContext({ baseURL: server.url, viewport: size });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      const opened = nativeDialogs(page);
      await signInThroughForm(page, owner);
      await page.goto('/my-lists/import');
      await hydrated(page);
      await page
        .locator('[data-bookmark-file]')
        .setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(bookmarkFile(stamp)) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const form = page.locator('[data-offer-form]');
      await form.waitFor();

      const boxes = form.getByRole('checkbox');
      expect(await boxes.count()).toBe(13);
      for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false);
      const send = form.locator('button[type="submit"]');
      expect(await send.textContent()).toContain('Tick links to submit');
      expect(await send.isDisabled()).toBe(true);
      const notice = (await form.locator('[data-offer-public]').textContent()) ?? '';
      expect(notice).toContain('Nothing is sent unless you tick it');
      expect(notice).toContain('listed publicly');

      const python = form.getByRole('button', { name: 'Select the 10 links in “Python to learn”' });
      await python.scrollIntoViewIfNeeded();
      await python.click();
      expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(10);
      expect(await form.getByRole('checkbox', { name: /Payroll/ }).isChecked()).toBe(false);
      await expect.poll(() => send.textContent()).toContain('Submit 10 links for review');
      await page.screenshot({ path: `/tmp/shots/bookmark-offer-${size.name}.png`, animations: 'disabled' });
      // The folder's button now takes the folder back out.
      await form.getByRole('button', { name: 'Clear the 10 links in “Python to learn”' }).click();
      expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(0);
      await python.click();
      await send.click();
      await expect.poll(() => page.locator('[data-offer-sent]').textContent()).toContain('10 links submitted');

      const mine = JSON.stringify(
        (
          await api.call('mySubmissions', {
            token: owner.token,
          })
        ).body,
      );
      expect(mine).toContain(`py-${stamp}.example.org/lesson-10`);
      expect(mine).not.toContain('intranet');
      expect(mine).not.toContain('recipes');
      expect(problems).toEqual([]);
      expect(opened()).toEqual([]);
      await context.close();
    });

  for (const size of SIZES)
    it(`shows the new Saved count in the top bar as soon as an import saved links (${size.name})`, async () => {
      const owner = await signUp(api, `Importer ${size.name}`);
      const context = await browser.newContext({ baseURL: server.url, viewport: size });
      const page = await context.newPage();
      await signInThroughForm(page, owner);
      await page.goto('/my-lists/import');
      await hydrated(page);
      const badge = page.locator('[data-saved-badge]');
      expect(await badge.isHidden()).toBe(true);
      // Two resources the demo catalog lists: both are saved.
      const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://www.freecodecamp.org/">freeCodeCamp</A>
<DT><A HREF="https://www.theodinproject.com/">The Odin Project</A>
</DL><p>
`;
      await page
        .locator('[data-bookmark-file]')
        .setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(file) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.locator('[data-import-summary]').waitFor();
      expect(await page.locator('[data-import-summary]').textContent()).toContain('2 resources saved');
      // On a phone the count sits in the folded menu: open it as a person would.
      if (size.name === 'phone') await page.locator('label[for="nav-toggle"]').click();
      await expect.poll(() => badge.textContent()).toBe('2');
      expect(await badge.isVisible()).toBe(true);
      await context.close();
    });
});
