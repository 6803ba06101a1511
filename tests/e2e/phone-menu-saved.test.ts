/**
 * The phone's menu (390×844, a touch screen) shows "Saved" with the count of saves, as the desktop's top bar
 * does: on the shared catalog pages and on the user's own, even when this browser has not stored the saves yet,
 * and it follows a bookmark toggled on the page. Both themes, axe clean with the menu open.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasBrowser)("the phone menu's Saved count", () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let contentPath: string;
  const user = { name: 'Mo Menu', email: uniqueEmail('menu'), password: 'menu-password-1' };

  const { server, api } = useServer();
  beforeAll(async () => {
    const { token } = await signUp(api, user.name, { email: user.email, password: user.password });
    const { body } = await api.call('searchContents', { query: { order: 'topRated' } });
    for (const content of body.contents.slice(0, 2))
      await api.call('toggleSave', { body: { contentId: content._id }, token });
    contentPath = `/content/${body.contents[2].slug}`;
    context = await browser.newContext({ baseURL: server.url, viewport: PHONE, hasTouch: true, bypassCSP: true });
    page = await context.newPage();
    await signInThroughForm(page, user);
  });

  const savedInMenu = async () => {
    await page.locator('label[for="nav-toggle"]').click();
    const saved = page.locator('#nav-menu a[href="/saved"]');
    await saved.waitFor();
    return saved;
  };

  it('shows the count on catalog pages and the user’s own, the saves not yet stored in this browser', async () => {
    for (const path of ['/', '/search', contentPath, '/saved', '/profile']) {
      await page.evaluate(() => localStorage.removeItem('userSaves'));
      await page.goto(path);
      await hydrated(page);
      const saved = await savedInMenu();
      await expect.poll(() => saved.innerText(), { message: path }).toMatch(/^Saved\s+2$/);
    }
  });

  it('follows a bookmark toggled on the page, and is axe clean with the menu open', async () => {
    await page.goto(contentPath);
    await hydrated(page);
    await page.locator('main [data-save-toggle]').first().click();
    const saved = await savedInMenu();
    await expect.poll(() => saved.innerText()).toMatch(/^Saved\s+3$/);
    expect(await axeViolations(page, 'phone menu open')).toEqual([]);
  });
});
