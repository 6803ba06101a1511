import { describe, expect, it } from 'vitest';
import { canonicalSearch, visitorRule } from './visitor-rule.ts';

const SHARED = [
  '/',
  '/search',
  '/search/',
  '/content/freecodecamp',
  '/sitemap.xml',
  '/feed.xml',
  '/api/contents/search',
  '/api/contents/filters',
  '/api/contents/slug/freecodecamp',
];
const PERSONAL = [
  '/profile',
  '/saved',
  '/my-reviews',
  '/submit-content',
  '/admin',
  '/admin/users',
  '/signin',
  '/signup',
  '/forget-password',
  '/reset-password/x',
  '/api/contents/admin',
  '/api/contents/x/reviews/mine',
  '/api/users/profile',
  '/api/users/profile/export',
  '/api/reviews/mine',
  '/sitemap/1.xml',
  '/searching',
  '/contents/x',
];

describe('the visitor rule: which requests get the page made once for everyone', () => {
  it('a GET of the catalog (home, search, content pages, sitemap, feed, the public catalog API) comes from the page cache', () => {
    for (const path of SHARED) expect(visitorRule('GET', path), path).toBe('cached');
  });

  it('a HEAD of the catalog gets the same page for everyone, rendered, not stored', () => {
    for (const path of SHARED) expect(visitorRule('HEAD', path), path).toBe('shared');
  });

  it('never a page rendered for a user, a form, or the rest of the API', () => {
    for (const path of PERSONAL) {
      expect(visitorRule('GET', path), path).toBe('personal');
      expect(visitorRule('POST', path), path).toBe('personal');
    }
  });
});

describe('the query a shared page is kept under', () => {
  const canonical = (path: string) => canonicalSearch(new URL(path, 'http://localhost'));

  it('is the parameters the page reads, in one order, defaults left out', () => {
    expect(canonical('/search?order=topRated&category=web-development&page=1&cost=all')).toBe(
      '?category=web-development&order=topRated',
    );
    expect(canonical('/search?category=web-development&order=topRated')).toBe(
      '?category=web-development&order=topRated',
    );
    expect(canonical('/api/contents/search?searchTerm=%20python%20&order=relevance&utm_source=mail')).toBe(
      '?searchTerm=python',
    );
    expect(canonical('/search?page=0&rating=7&hasCert=maybe')).toBe('');
  });

  it('is nothing for a page that reads no query, and the query as it came for a personal page', () => {
    for (const path of [
      '/?evict=1',
      '/content/freecodecamp?ref=x',
      '/api/contents/filters?x=1',
      '/api/contents/slug/a?b=c',
      '/feed.xml?x',
    ])
      expect(canonical(path), path).toBe('');
    expect(canonical('/signin?redirect=/saved&b=1')).toBe('?redirect=/saved&b=1');
  });

  it('gives the same query again when asked of its own answer', () => {
    for (const query of [
      '?searchTerm=data&order=latest&page=3',
      '?category=a&techStack=b&type=c&cost=Paid&hasCert=true&rating=4&order=lowRated',
    ]) {
      const once = canonical(`/search${query}`);
      expect(canonical(`/search${once}`)).toBe(once);
    }
  });
});
