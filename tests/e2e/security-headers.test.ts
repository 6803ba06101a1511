/**
 * The Content-Security-Policy holds in a real browser: every page, for a visitor, a user and an admin,
 * renders and hydrates with no policy violation; no other site may frame us.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, newContext } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

const PUBLIC = [
  '/',
  '/search',
  '/search?category=web-development&order=topRated',
  '/signin',
  '/signup',
  '/forget-password',
  '/test',
  '/no-such-page',
];
const SIGNED_IN = ['/profile', '/saved', '/my-reviews', '/submit-content'];
const ADMIN = ['/admin/dashboard', '/admin/users', '/admin/contents', '/admin/submissions'];

describe.skipIf(!hasBrowser)('content security policy', () => {
  const browser = useBrowser();
  let contentPath: string;

  const { server } = useServer();
  beforeAll(async () => {
    const search = await (await fetch(`${server.url}/api/contents/search?order=topRated`)).json();
    contentPath = `/content/${search.contents[0].slug}`;
  });

  /** Visits paths and returns every CSP violation the browser reported. */
  async function violations(paths: string[], signIn?: { email: string; password: string }): Promise<string[]> {
    const context = await newContext(browser, server.url);
    const found: string[] = [];
    try {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text()))
          found.push(`${page.url()}: ${message.text()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      if (signIn) await signInThroughPage(page, signIn);
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(150);
      }
    } finally {
      await context.close();
    }
    return found;
  }

  async function signInThroughPage(page: Page, { email, password }: { email: string; password: string }) {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  it('no violation for a visitor', async () => {
    expect(await violations([...PUBLIC, contentPath])).toEqual([]);
  });

  it('no violation for a signed-in user', async () => {
    expect(
      await violations([...SIGNED_IN, contentPath, '/'], {
        email: 'grace@skillshelf.dev',
        password: 'skillshelf-demo',
      }),
    ).toEqual([]);
  });

  it('no violation for an admin', async () => {
    expect(await violations(ADMIN, DEMO_ADMIN)).toEqual([]);
  });

  it('pages send a policy without unsafe-inline scripts, and refuse to be framed', async () => {
    const res = await fetch(`${server.url}/signin`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });
});
