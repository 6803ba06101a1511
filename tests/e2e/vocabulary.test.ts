/**
 * One word per idea on the rendered pages (docs/product.md#words): a kind of tag is a Subject, a Technology or a
 * Format wherever the contract does not fix its name (the texts docs/product.md and the spec fix stay as they
 * are: Subject Areas, Tech Stack Offered, Content Types, Categories, …), and a tag is spelled as its owner
 * spells it (JavaScript, TypeScript); the page for a forgotten password is called so. The visible text of the visitor's, a user's and the admin's pages is
 * scanned for the old words.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

/** Words that name one idea the old ways, each as the pages wrote it (case matters: "Content Types" is the contract's). */
const OLD_WORDS: Array<[RegExp, string]> = [
  [/\bJavascript\b/, 'JavaScript'],
  [/\bTypescript\b/, 'TypeScript'],
  [/\bTechnology stacks?\b/, 'Technology'],
  [/\bTech stack\b/, 'Technology'],
  [/\bContent type\b/, 'Format'],
  [/\bcontent type\b/, 'format'],
  [/\bForget Password\b/, 'Forgotten password'],
  // The contract calls sending a resource in "Submit New Content" (the home page's button): every way to it says so.
  [/\bSubmit a link\b/, 'Submit New Content'],
  [/\bSubmit a learning resource\b/, 'Submit New Content'],
];

/** The page's visible text, and its form controls' names (a select's label is part of what a person reads). */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const labels = [...document.querySelectorAll('label, legend, option, [aria-label]')].map(
      (el) => `${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`,
    );
    return `${document.body.innerText}\n${labels.join('\n')}`;
  });

describe.skipIf(!hasBrowser)('one word per idea', () => {
  const browser = useBrowser();
  const user = { name: 'Val Vocabulary', email: uniqueEmail('vocabulary'), password: 'vocabulary-password-1' };

  const { server, api } = useServer();
  beforeAll(async () => {
    const { token } = await signUp(api, user.name, { email: user.email, password: user.password });
    for (const [kind, value] of [
      ['techStack', 'typescript'],
      ['type', 'video-lectures'],
    ] as const)
      await api.call('follow', { params: { kind, value }, body: { digest: false }, token });
  });

  async function scan(account: { email: string; password: string } | null, paths: string[]): Promise<string[]> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    const found: string[] = [];
    try {
      const page = await context.newPage();
      if (account) await signInThroughForm(page, account);
      for (const path of paths) {
        await page.goto(path);
        // Settled: every island hydrated but those waiting to be scrolled to (the dashboard's lower charts).
        await settled(page);
        const text = await visibleText(page);
        for (const [old, now] of OLD_WORDS) {
          const match = old.exec(text);
          if (match)
            found.push(
              `${path}: "${match[0]}" (say "${now}") in …${text.slice(Math.max(0, match.index - 40), match.index + 40).replace(/\s+/g, ' ')}…`,
            );
        }
      }
    } finally {
      await context.close();
    }
    return found;
  }

  it("the visitor's pages", async () => {
    const found = await scan(null, [
      '/',
      '/search',
      '/search?techStack=javascript&techStack=typescript&type=video-lectures',
      '/content/egghead-io',
      '/compare/egghead-io/freecodecamp',
      '/feed?techStack=typescript',
      '/forget-password',
    ]);
    expect(found).toEqual([]);
  });

  it("a user's pages", async () => {
    expect(await scan(user, ['/following', '/submit-content', '/saved', '/submissions'])).toEqual([]);
  });

  it("the admin's pages", async () => {
    const found = await scan(DEMO_ADMIN, [
      '/admin/dashboard',
      '/admin/contents',
      '/admin/tags',
      '/admin/tags?kind=techStack',
      '/admin/submissions?status=all',
    ]);
    expect(found).toEqual([]);
  });

  it("the chips and the admin's filters name the kinds in the one word", async () => {
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto('/search?techStack=typescript&type=video-lectures&category=web-development');
      for (const chip of ['Subject: Web Development', 'Technology: TypeScript', 'Format: Video Lectures'])
        await page.getByRole('link', { name: `Remove filter ${chip}` }).waitFor();
      await signInThroughForm(page, DEMO_ADMIN);
      await page.goto('/admin/contents');
      await hydrated(page);
      await page.getByRole('combobox', { name: /^Subject/ }).waitFor();
      await page.goto('/admin/tags');
      await hydrated(page);
      // The new tag's kind, then the filter of kinds.
      const kinds = page.getByRole('combobox', { name: /^Kind/ });
      expect(await kinds.first().locator('option').allTextContents()).toEqual(['Subject', 'Technology', 'Format']);
      expect(await kinds.nth(1).locator('option').allTextContents()).toEqual([
        'All kinds',
        'Subjects',
        'Technologies',
        'Formats',
      ]);
    } finally {
      await context.close();
    }
  });
});
