import { describe, expect, it } from 'vitest';
import { canonicalPath } from './canonical-path.ts';

describe('the one spelling of an address', () => {
  it('leaves a path in its one spelling alone', () => {
    for (const path of [
      '/',
      '/profile',
      '/content/rust-book',
      '/api/contents/search',
      '/.well-known/security.txt',
      '/content/a.b',
      '/search%2F',
    ]) {
      expect(canonicalPath(path), path).toBeUndefined();
    }
  });

  it('takes the slash off the end, makes repeated slashes one and resolves dot segments', () => {
    expect(canonicalPath('/profile/')).toBe('/profile');
    expect(canonicalPath('/profile//')).toBe('/profile');
    expect(canonicalPath('/profile/.')).toBe('/profile');
    expect(canonicalPath('/profile/%2E')).toBe('/profile');
    expect(canonicalPath('/admin//users')).toBe('/admin/users');
    expect(canonicalPath('/my-lists/%2e%2e/profile')).toBe('/profile');
    expect(canonicalPath('/reset-password/abc/')).toBe('/reset-password/abc');
    expect(canonicalPath('/./')).toBe('/');
  });
});
