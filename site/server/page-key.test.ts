import { describe, expect, it } from 'vitest';
import { pageKey } from './page-cache.ts';
import { canonicalSearch } from './visitor-rule.ts';

const url = (address: string) => new URL(address, 'http://localhost');

describe('the cache key of a page', () => {
  it('is its path and the query as the page reads it, the same each time the address is asked for', () => {
    const addresses = [
      '/search?order=topRated&category=web-development&page=1&cost=all',
      '/search?category=web-development&order=topRated',
      '/?utm_source=mail',
      '/content/some-course',
      `/search?searchTerm=${'python '.repeat(100)}`,
    ];
    for (const address of addresses)
      for (let i = 0; i < 3; i++)
        expect(pageKey(url(address)), address).toBe(url(address).pathname + canonicalSearch(url(address)));
    expect(pageKey(url('/search?order=topRated&category=web-development&page=1'))).toBe(
      pageKey(url('/search?category=web-development&order=topRated')),
    );
  });

  it('stays right past the addresses it remembers', () => {
    for (let n = 0; n < 2500; n++)
      expect(pageKey(url(`/search?category=tag-${n}&junk=${n}`))).toBe(`/search?category=tag-${n}`);
    expect(pageKey(url('/search?category=tag-7&junk=again'))).toBe('/search?category=tag-7');
  });
});
