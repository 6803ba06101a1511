/**
 * Catalog pages are made once and served to everyone from the page cache, signed in or not (decision 014).
 * What must never happen: one person's page — their name, email, saves, their review form — reaching
 * anyone else, from that cache or any other. Catalog pages are rendered without the session, so they hold
 * nothing of whoever asked first; pages rendered for a user are private and never kept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

interface Person {
  _id: string;
  name: string;
  email: string;
  token: string;
  cookie: string;
}

async function signIn(email: string, password: string): Promise<Person> {
  const response = await fetch(`${server.url}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as Person;
  return {
    ...body,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

async function newPerson(name: string): Promise<Person> {
  const { email, password } = await signUp(api, name);
  return signIn(email, password);
}

function expectNothingOf(person: Person, html: string, where: string): void {
  expect(html, where).not.toContain(person.name);
  expect(html, where).not.toContain(person.email);
  expect(html, where).not.toContain(person._id);
}

const page = (path: string, person?: Person) =>
  fetch(server.url + path, {
    headers: person ? { cookie: person.cookie, 'accept-encoding': 'gzip, br' } : { 'accept-encoding': 'gzip, br' },
    redirect: 'manual',
  });

// Nothing cached yet: the first to ask for each page is a signed-in user.
const { server, api } = useServer();

describe('personal pages are never served to anyone else', () => {
  let ada: Person;
  let bob: Person;
  let saved: Array<{ _id: string; name: string }>;
  let slug: string;

  beforeAll(async () => {
    [ada, bob] = [await newPerson('Adalind Quell'), await newPerson('Bobbin Marsh')];
    const { body } = await api.call('searchContents', {
      query: { category: 'web-development' },
    });
    // Names with no character HTML escapes, so they can be looked for in pages.
    saved = body.contents.filter((c: { name: string }) => /^[\w .:-]+$/.test(c.name)).slice(0, 3);
    expect(saved).toHaveLength(3);
    slug = body.contents[0].slug;
    for (const { _id } of saved)
      expect(
        (
          await api.call('save', {
            params: { id: _id },
            token: ada.token,
          })
        ).status,
      ).toBe(200);
  });

  it('a catalog page first asked for by a signed-in user holds nothing of theirs, for the next visitor or user', async () => {
    for (const path of ['/', '/search?category=web-development', `/content/${slug}`]) {
      const first = await (await page(path, ada)).text();
      expectNothingOf(ada, first, `${path}, as rendered for Ada`);
      expect(first, path).not.toContain('aria-pressed="true"');
      // Served from the cache now: to a visitor and to Bob, the same bytes, still nothing of Ada's.
      for (const other of [undefined, bob]) {
        const html = await (await page(path, other)).text();
        expect(html, path).toBe(first);
        expectNothingOf(bob, html, path);
      }
    }
  });

  it('a page rendered for a user is private, never kept, and never shown to the next caller', async () => {
    const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const path of ['/profile', '/saved', '/my-reviews', '/submit-content', '/admin/users']) {
      const owner = path.startsWith('/admin') ? admin : ada;
      // Twice, as a cache would need to be warmed.
      await page(path, owner);
      const own = await page(path, owner);
      expect(own.status, path).toBe(200);
      expect(own.headers.get('cache-control'), path).toBe('private, no-store');
      expect(own.headers.get('etag'), path).toBeNull();
      expect(await own.text(), path).toContain(owner.name);

      const visitor = await page(path);
      expect(visitor.status, `${path} as a visitor`).toBe(302);
      expect(visitor.headers.get('location'), path).toBe(`/signin?redirect=${encodeURIComponent(path)}`);

      const next = await page(path, bob);
      const html = await next.text();
      expectNothingOf(owner, html, `${path} as Bob`);
      if (next.status === 200) expect(html, path).toContain(bob.name);
    }
  });

  it("Bob's saved list and profile are his, after Ada's were served", async () => {
    const adas = await (await page('/saved', ada)).text();
    const bobs = await (await page('/saved', bob)).text();
    for (const { name } of saved) {
      expect(adas).toContain(name);
      expect(bobs).not.toContain(name);
    }
    const profile = await (await page('/profile', bob)).text();
    expect(profile).toContain(bob.email);
    expect(profile).not.toContain(ada.email);
  });
});
