/**
 * Approving from the admin's queue publishes nothing a catalog entry could not stand on (docs/product.md, How
 * things change): the bulk confirmation counts and names first the submissions it will skip and why, the
 * report says "needs a category", and they stay waiting; a row says what it lacks. At a laptop's width and a phone's.
 */
import { describe, expect, it } from 'vitest';
import { answerConfirmation, hasBrowser, hydrated, nativeDialogs, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, CATALOG_READY, signUp } from '../setup/actors.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasBrowser)('approvals publish only what a catalog entry needs', () => {
  const browser = useBrowser();
  const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });

  for (const size of SIZES)
    it(`a bulk approval counts the rows it will skip, then skips them with the reason (${size.name})`, async () => {
      const word = `ready${size.name}${Date.now()}`;
      const submitter = await signUp(api, `Submitter ${size.name}`);
      const submit = async (name: string, fields: Record<string, unknown>) => {
        const res = await api.call('submitLink', {
          body: { url: `https://${name.replace(/\W+/g, '-')}.example.org/`, name, ...fields },
          token: submitter.token,
        });
        expect(res.status).toBe(201);
        return res.body as { _id: string; name: string };
      };
      const ready = await submit(`${word} ready`, CATALOG_READY);
      const bare = await submit(`${word} bare`, {});
      const noType = await submit(`${word} untyped`, { ...CATALOG_READY, type: [] });
      const admin = await asAdmin(api);

      const context = await browser.newContext({ baseURL: server.url, viewport: size });
      const page = await context.newPage();
      const opened = nativeDialogs(page);
      await signInThroughForm(page, DEMO_ADMIN);
      await page.goto(`/admin/submissions?search=${word}`);
      await hydrated(page);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
      expect(await page.locator('[data-approval-needs]').allInnerTexts()).toEqual([
        'Not ready: needs a category, a format and a description',
        'Not ready: needs a format',
      ]);
      // A row not ready offers its edit screen, where what it needs is added, rather than an Approve that fails.
      const notReady = page.locator('tbody tr').filter({ has: page.locator('[data-approval-needs]') });
      expect(await notReady.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
      expect(await notReady.locator('[data-complete-to-approve]').count()).toBe(2);
      expect(await notReady.locator('[data-complete-to-approve]').first().getAttribute('href')).toMatch(
        /^\/admin\/submission\/[0-9a-f]+/,
      );
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByRole('button', { name: 'Approve selected' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(
        `2 of 3 are not ready and will be skipped, staying in the queue: “${bare.name}” needs a category, a format and a description; “${noType.name}” needs a format.`,
      );
      await page.screenshot({ path: `/tmp/shots/approval-confirmation-${size.name}.png`, animations: 'disabled' });
      expect(await answerConfirmation(page, 'Approve')).toBe('Approve 3 submissions?');
      const report = page.getByRole('status', { name: 'Bulk action result' });
      await expect.poll(() => report.locator('strong').innerText()).toBe('1 approved, 2 failed');
      expect(await report.locator('[data-outcome="refused"]').allInnerTexts()).toEqual([
        `✗ ${bare.name}: refused (Not published: “${bare.name}” needs a category, a format and a description)`,
        `✗ ${noType.name}: refused (Not published: “${noType.name}” needs a format)`,
      ]);
      const status = async (id: string) =>
        (
          await api.call('getSubmission', {
            params: { id },
            token: admin.token,
          })
        ).body.status as string;
      expect([await status(ready._id), await status(bare._id), await status(noType._id)]).toEqual([
        'approved',
        'pending',
        'pending',
      ]);
      const listed = (
        await api.call('searchContents', {
          query: { searchTerm: word },
        })
      ).body.contents as Array<{
        name: string;
      }>;
      expect(listed.map((c) => c.name)).toEqual([ready.name]);
      expect(opened()).toEqual([]);
      await context.close();
    });
});
