import { describe, expect, it } from 'vitest';
import { isVisitorRequest } from './page-cache.ts';

describe('who is answered from the page cache', () => {
  it('a request with neither the session cookie nor a token', () => {
    expect(isVisitorRequest(undefined, undefined)).toBe(true);
    expect(isVisitorRequest('theme=dark; mysession=abc', null)).toBe(true);
  });

  it('not a request carrying the session cookie, wherever it sits among the cookies', () => {
    expect(isVisitorRequest('session=abc', undefined)).toBe(false);
    expect(isVisitorRequest('theme=dark; session=abc', undefined)).toBe(false);
    expect(isVisitorRequest('theme=dark;session=abc', undefined)).toBe(false);
  });

  it('not a request with a bearer token', () => {
    expect(isVisitorRequest(undefined, 'Bearer abc')).toBe(false);
  });
});
