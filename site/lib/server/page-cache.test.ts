import { describe, expect, it } from 'vitest';
import { isSharedPage } from './page-cache.ts';

describe('which pages are made once for everyone', () => {
  it('the catalog: home, search, content pages, sitemap and feed, and the public catalog API', () => {
    for (const path of ['/', '/search', '/search/', '/content/freecodecamp', '/sitemap.xml', '/feed.xml', '/api/contents/search', '/api/contents/filters', '/api/contents/slug/freecodecamp']) {
      expect(isSharedPage(path), path).toBe(true);
    }
  });

  it('never a page rendered for a user, a form, or the rest of the API', () => {
    for (const path of ['/profile', '/saved', '/submit-content', '/admin', '/admin/users', '/signin', '/signup', '/forget-password', '/reset-password/x', '/api/contents/admin', '/api/contents/x/reviews/mine', '/api/users/profile', '/sitemap/1.xml', '/searching', '/contents/x']) {
      expect(isSharedPage(path), path).toBe(false);
    }
  });
});
