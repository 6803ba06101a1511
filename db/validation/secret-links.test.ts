import { describe, expect, it } from 'vitest';
import { namesSecretPage, resetPasswordPath, unsubscribePath } from './secret-links.ts';

describe('the addresses that hold a secret', () => {
  it('are the mailed links with a token, however they are written', () => {
    for (const text of [
      resetPasswordPath('abc123'),
      unsubscribePath('abc123'),
      '/unsubscribe',
      'https://skillshelf.example/reset-password/abc123',
      '%2Freset-password%2Fabc123',
      '%252Freset-password%252Fabc123',
      '%2Funsubscribe%3Ftoken%3Dabc',
      '/Reset-Password/abc',
      'see /reset-password/abc please',
    ]) {
      expect(namesSecretPage(text), text).toBe(true);
    }
  });

  it('are no other page, nor words that only look like one', () => {
    for (const text of [
      '/',
      '/profile',
      '/search?searchTerm=reset+password',
      '/reset-password',
      '/reset-password/',
      '/unsubscribed-users',
      'rust',
      '%E0%A4%A',
      '/content/unsubscribe-me',
    ]) {
      expect(namesSecretPage(text), text).toBe(false);
    }
  });

  it('takes a value encoded past any link of ours as one', () => {
    let deep = '/content/x';
    for (let i = 0; i < 4; i++) deep = encodeURIComponent(deep);
    expect(namesSecretPage(deep)).toBe(false);
    expect(namesSecretPage(encodeURIComponent(deep))).toBe(true);
  });
});
