/**
 * One name per field on the admin's two forms of a content (docs/product.md#pages, Edit content and Edit
 * submission): the submission screen's notes (what the submitter left blank, what was filled in for them), its
 * proposed tags and an approval's refusal name each field as the form labels it, and the content screen labels
 * them alike. At 1366 and 390 px, axe clean in both themes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The names a form gives its fields: its labels and its groups' legends. */
const fieldNames = (page: Page) =>
  page
    .locator('form[aria-label] label, form[aria-label] legend')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean));

/** The names a note lists in bold, without what the parentheses add. */
async function namedIn(page: Page, note: string): Promise<string[]> {
  const text = (await page.locator(`${note} strong`).textContent()) ?? '';
  return text
    .replace(/\.$/, '')
    .split(/,(?![^(]*\))/)
    .map((name) => name.replace(/\(.*\)/, '').trim())
    .filter(Boolean);
}

describe.skipIf(!hasBrowser)('the fields of a content, named once', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of SIZES)
    it(`the submission screen names each field as the form and the content screen label it (${size.name})`, async () => {
      const submitter = await signUp(api, `Namer ${size.name}`);
      const submitted = await api.call('submitLink', {
        body: {
          url: `https://names-${size.name}-${Date.now()}.example.org/`,
          name: 'Naming Things',
          category: ['Elixir'],
        },
        token: submitter.token,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const freeCodeCamp = (await api.call('contentBySlug', { params: { slug: 'freecodecamp' } })).body;

      const context = await browser.newContext({ baseURL: server.url, viewport: size, bypassCSP: true });
      const page = await context.newPage();
      await signInThroughForm(page, DEMO_ADMIN);
      await page.goto(`/admin/content/${freeCodeCamp._id}`);
      await hydrated(page);
      const contentNames = await fieldNames(page);
      expect(contentNames).toEqual(
        expect.arrayContaining(['Categories', 'Format of the material', 'provide certification']),
      );

      await page.goto(`/admin/submission/${submitted.body._id}`);
      await hydrated(page);
      const names = await fieldNames(page);
      // The same form: every field of the content screen, under the same name.
      expect(names).toEqual(expect.arrayContaining(contentNames));
      for (const note of ['[data-blank-fields]', '[data-suggested-fields]'])
        for (const name of await namedIn(page, note)) expect(names, `${note} names “${name}”`).toContain(name);
      // A proposed tag says which field it would join.
      await page.locator('[data-proposed-tag]').getByText('proposed for Categories').waitFor();
      // An approval that lacks a format is refused beside that field before any round trip.
      await page.getByRole('radio', { name: 'Drop' }).check();
      await page.getByLabel('Description').fill('Short lessons on naming variables, functions and modules well.');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Choose at least one category to publish it').waitFor();
      await page.getByText('Choose at least one format to publish it').waitFor();
      await page.screenshot({ path: `/tmp/shots/field-names-${size.name}.png`, fullPage: true });
      expect(await axeViolations(page, `edit submission (${size.name})`)).toEqual([]);
      await context.close();
    });
});
