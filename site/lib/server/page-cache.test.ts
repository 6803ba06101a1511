import { describe, expect, it } from 'vitest';
import { isSharedPage } from './page-cache.ts';

describe('which pages are made once for everyone', () => {
  it('the catalog: home, search, content pages, sitemap and feed', () => {
    for (const path of ['/', '/search', '/search/', '/content/freecodecamp', '/sitemap.xml', '/feed.xml']) expect(isSharedPage(path), path).toBe(true);
  });

  it('never a page rendered for a user, a form, or the API', () => {
    for (const path of ['/profile', '/saved', '/submit-content', '/admin', '/admin/users', '/signin', '/signup', '/forget-password', '/reset-password/x', '/api/contents/search', '/sitemap/1.xml', '/searching', '/contents/x']) {
      expect(isSharedPage(path), path).toBe(false);
    }
  });
});
