/**
 * `/signin?redirect=/%09/evil.example` once sent a signed-in user to //evil.example, from the server's guard
 * and from the sign-in and sign-up islands (browsers drop the tab). Both now ask one function
 * (site/lib/redirect.ts, unit-tested there with 50 bypass forms) that decides with the URL parser
 * (decision 009). A redirect target with CR, LF or non-Latin-1 text once made the guard throw (500); other
 * malformed requests: malformed-requests-get-4xx.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, newContext } from '../setup/browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const HOSTILE = [
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0A/evil.example',
  '//evil.example',
  '/%5Cevil.example',
  '/.//evil.example',
  'https://evil.example',
  'HTTPS:%2F%2Fevil.example',
  '/%5C/evil.example',
  'javascript:alert(1)',
];

let token: string;
const { server, api } = useServer({ seed: false });
beforeAll(async () => {
  token = (await signUp(api, 'Redirected', { password: 'redirect-password-1' })).token;
});

const signedInGet = (path: string) =>
  fetch(server.url + path, { headers: { cookie: `session=${token}` }, redirect: 'manual' });

describe('the sign-in guard of a signed-in user', () => {
  it.each(HOSTILE)('keeps redirect=%s on this site', async (target) => {
    const response = await signedInGet(`/signin?redirect=${target}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, server.url);
    expect(location.origin).toBe(server.url);
    expect(location.pathname).toBe('/');
  });

  it('redirects to a path with CR, LF or non-Latin-1 text percent-encoded, never a 500', async () => {
    const japanese = await signedInGet(`/signin?redirect=${encodeURIComponent('/search?searchTerm=日本')}`);
    expect(japanese.status).toBe(302);
    expect(japanese.headers.get('location')).toMatch(/\/search\?searchTerm=%E6%97%A5%E6%9C%AC$/);
    const raw = await signedInGet('/signin?redirect=/search?searchTerm=日本');
    expect(raw.status).toBe(302);
    for (const target of ['/saved%0A', '/saved%0D', '/sa%0D%0Aved', '/%E2%80%A8']) {
      const response = await signedInGet(`/signin?redirect=${target}`);
      expect(response.status, target).toBe(302);
      expect(new URL(response.headers.get('location')!, server.url).origin).toBe(server.url);
    }
  });
});

describe.skipIf(!hasBrowser)('the sign-in and sign-up forms in a browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser?.close());

  async function landing(run: (page: Page) => Promise<void>): Promise<URL> {
    const context = await newContext(browser, server.url);
    try {
      const page = await context.newPage();
      await run(page);
      await page.waitForURL((url) => !url.pathname.startsWith('/sign'));
      return new URL(page.url());
    } finally {
      await context.close();
    }
  }

  it.each(['/%09/evil.example', '/%0A/evil.example', 'https://evil.example'])(
    'signing in with redirect=%s lands on the home page',
    async (target) => {
      const { email } = await signUp(api, 'Island', { password: 'island-password-1' });
      const url = await landing(async (page) => {
        await page.goto(`/signin?redirect=${target}`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('island-password-1');
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      });
      expect(url.origin).toBe(server.url);
      expect(url.pathname).toBe('/');
    },
  );

  it('signing up with a hostile redirect lands on the home page, an honest one is followed', async () => {
    const signUpThroughTheForm = (target: string) =>
      landing(async (page) => {
        await page.goto(`/signup?redirect=${target}`);
        await page.getByLabel('Name').fill('Island');
        await page.getByLabel('Email').fill(uniqueEmail('island'));
        await page.getByLabel('Password', { exact: true }).fill('island-password-1');
        await page.getByLabel('Confirm Password').fill('island-password-1');
        await page.getByRole('button', { name: 'Sign Up' }).click();
      });
    const hostile = await signUpThroughTheForm('/%09/evil.example');
    expect(hostile.origin).toBe(server.url);
    expect(hostile.pathname).toBe('/');
    const honest = await signUpThroughTheForm(encodeURIComponent('/saved'));
    expect(honest.pathname).toBe('/saved');
  });
});
