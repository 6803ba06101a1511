import { describe, expect, it } from 'vitest';
import { visitorRule } from './visitor-rule.ts';

const SHARED = ['/', '/search', '/search/', '/content/freecodecamp', '/sitemap.xml', '/feed.xml', '/api/contents/search', '/api/contents/filters', '/api/contents/slug/freecodecamp'];
const PERSONAL = ['/profile', '/saved', '/submit-content', '/admin', '/admin/users', '/signin', '/signup', '/forget-password', '/reset-password/x', '/api/contents/admin', '/api/contents/x/reviews/mine', '/api/users/profile', '/sitemap/1.xml', '/searching', '/contents/x'];

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
