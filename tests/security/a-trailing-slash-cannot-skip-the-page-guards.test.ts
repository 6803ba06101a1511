/**
 * A page's address with a slash at its end ("/profile/", or "/profile/." which resolves to it) reached the
 * page past every rule that compares paths as written: the sign-in guard let a visitor through to
 * /profile/, /saved/, /my-reviews/ and /submissions/, which then failed on the missing user (500, without
 * the security headers, a stack trace in the log each time), and rendered /following/ and /submit-content/
 * for nobody. Every address now has one spelling: a GET or HEAD of another is sent to it (301, the query
 * kept), and any other method is served as that address.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logLines } from '../setup/logs.ts';
import { useServer } from '../setup/use-server.ts';

/** Every route of site/pages, its parameters filled in ('/content/[slug]' → '/content/x'). */
const ROUTES = readdirSync(fileURLToPath(new URL('../../site/pages', import.meta.url)), {
  recursive: true,
  withFileTypes: true,
})
  .filter((entry) => entry.isFile() && /\.(astro|ts)$/.test(entry.name) && !entry.name.includes('.test.'))
  .map((entry) => `${entry.parentPath.replace(/^.*\/site\/pages/, '')}/${entry.name}`.replace(/\.(astro|ts)$/, ''))
  .map((route) => route.replace(/\/index$/, '').replace(/\[[^\]]+\]/g, 'x'))
  .filter((route) => route !== '' && route !== '/404')
  .sort();

const { server } = useServer();

const get = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });

describe('an address ending in a slash', () => {
  it('finds every route of the site', () => {
    expect(ROUTES).toEqual(
      expect.arrayContaining([
        '/profile',
        '/saved',
        '/my-reviews',
        '/submissions',
        '/content/x',
        '/api/contents/search',
      ]),
    );
    expect(ROUTES.length).toBeGreaterThan(80);
  });

  it('is sent to the address without it, the query kept, with the security headers, for every route', async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      for (const [sent, expected] of [
        [`${route}/?a=1&b=%2F`, `${route}?a=1&b=%2F`],
        [`${route}/.`, route],
        [`${route}//`, route],
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const res = await get(sent!, { method });
          await res.arrayBuffer();
          const location = res.headers.get('location');
          if (res.status !== 301 || location !== expected || res.headers.get('x-content-type-options') !== 'nosniff') {
            wrong.push(`${method} ${sent}: ${res.status} ${location}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never renders a signed-in page for a visitor: the address without the slash sends them to sign in', async () => {
    for (const page of ['/profile', '/saved', '/my-reviews', '/submissions', '/following', '/submit-content']) {
      const res = await get(`${page}/`);
      expect(res.status, page).toBe(301);
      const next = await get(res.headers.get('location')!);
      expect(next.status, page).toBe(302);
      expect(next.headers.get('location'), page).toBe(`/signin?redirect=${encodeURIComponent(page)}`);
    }
  });

  it('takes a post as the same address', async () => {
    const signIn = (path: string) =>
      get(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@skillshelf.dev', password: 'wrong' }),
      });
    const [plain, slashed] = [await signIn('/api/users/signin'), await signIn('/api/users/signin/')];
    expect(slashed.status).toBe(plain.status);
    expect(await slashed.json()).toEqual(await plain.json());
  });

  it('left no error in the log', async () => {
    await server.stop({ keepFiles: true });
    const errors = logLines(server.output()).filter((line) => line.level >= 50);
    expect(errors.map((line) => `${line.msg}: ${(line.err as { message?: string } | undefined)?.message}`)).toEqual([]);
  });
});
