import { describe, expect, it } from 'vitest';
import { safeRedirect, signInUrl, signUpUrl } from './redirect.ts';

const ORIGIN = 'https://skillshelf.example';

/**
 * Known open-redirect bypass forms (OWASP, PortSwigger and bug-bounty write-ups), as they arrive in the
 * `redirect` parameter after URL decoding. Every one must fall back to the home page.
 */
const BYPASSES = [
  '//evil.example',
  '//evil.example/path',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '//evil.example ',
  '/ /evil.example',
  '\u0000//evil.example',
  '/\u0000/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  'https://evil.example',
  'http://evil.example',
  'HTTPS://evil.example',
  'hTtP://evil.example',
  'https:evil.example',
  'http:/evil.example',
  'https:/\\evil.example',
  'ftp://evil.example',
  '//skillshelf.example@evil.example',
  'https://skillshelf.example@evil.example',
  'https://skillshelf.example.evil.example/',
  'https://evil.example#https://skillshelf.example/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(document.domain)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '\u3002evil.example',
  '//evil\u3002example',
  '/\u2028/evil.example',
  '\u180e//evil.example',
  '/\u00a0/evil.example',
  'evil.example',
  '',
  '   ',
];

describe('safeRedirect', () => {
  it.each(BYPASSES)('refuses %j', (target) => {
    expect(safeRedirect(target, '/', ORIGIN)).toBe('/');
    expect(safeRedirect(target)).toBe('/');
  });

  it('keeps a path on this site, with its query and hash', () => {
    expect(safeRedirect('/saved', '/', ORIGIN)).toBe('/saved');
    expect(safeRedirect('/search?category=web-development&page=2', '/', ORIGIN)).toBe(
      '/search?category=web-development&page=2',
    );
    expect(safeRedirect('/content/freecodecamp#reviews', '/', ORIGIN)).toBe('/content/freecodecamp#reviews');
    expect(safeRedirect('/admin/users', '/', ORIGIN)).toBe('/admin/users');
  });

  it('answers a percent-encoded path, so it is a valid Location header value', () => {
    expect(safeRedirect('/search?searchTerm=日本', '/', ORIGIN)).toBe('/search?searchTerm=%E6%97%A5%E6%9C%AC');
    expect(safeRedirect('/search?searchTerm=a%20b', '/', ORIGIN)).toBe('/search?searchTerm=a%20b');
    expect(safeRedirect('/%2f/evil.example', '/', ORIGIN)).toBe('/%2f/evil.example');
    expect(safeRedirect('/％２ｆevil.example', '/', ORIGIN)).toMatch(/^\/%EF%BC%85/);
  });

  it('reduces a full URL on the site itself to its path', () => {
    expect(safeRedirect(`${ORIGIN}/saved?x=1`, '/', ORIGIN)).toBe('/saved?x=1');
    expect(safeRedirect('https://SKILLSHELF.example/saved', '/', ORIGIN)).toBe('/saved');
    expect(safeRedirect('http://skillshelf.example/saved', '/', ORIGIN)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect(undefined, '/admin')).toBe('/admin');
    expect(safeRedirect('//evil.example', '/profile', ORIGIN)).toBe('/profile');
  });

  it('every answer is a rooted path no browser reads as another host', () => {
    for (const target of BYPASSES) {
      for (const answer of [safeRedirect(target, '/', ORIGIN), safeRedirect(`/x${target}`, '/', ORIGIN)]) {
        expect(answer).toMatch(/^\/(?![/\\])/);
        expect(new URL(answer, ORIGIN).origin).toBe(ORIGIN);
        expect(answer).toMatch(/^[\x21-\x7e]+$/);
      }
    }
  });
});

describe('the sign-in and sign-up links', () => {
  it('come back to the page they were on', () => {
    expect(signInUrl('/search?category=web-development')).toBe(
      '/signin?redirect=%2Fsearch%3Fcategory%3Dweb-development',
    );
    expect(signUpUrl('/saved')).toBe('/signup?redirect=%2Fsaved');
    expect(signInUrl(null)).toBe('/signin');
  });

  it('never carry an address that holds a secret', () => {
    expect(signInUrl('/reset-password/abc123')).toBe('/signin');
    expect(signInUrl('/unsubscribe?token=abc123')).toBe('/signin');
    expect(signUpUrl('%2Freset-password%2Fabc123')).toBe('/signup');
  });
});
