import { describe, expect, it } from 'vitest';
import { checkRequest, type RawRequest } from './request-gate.ts';

const request = (
  method: string,
  url: string,
  hosts: string[] = ['skillshelf.example'],
  httpVersion = '1.1',
): RawRequest => ({
  method,
  url,
  httpVersion,
  rawHeaders: hosts.flatMap((host) => ['Host', host]),
});

describe('the request gate', () => {
  it('lets well-formed requests through', () => {
    expect(checkRequest(request('GET', '/'))).toBeUndefined();
    expect(
      checkRequest(request('GET', '/search?searchTerm=%E6%97%A5%E6%9C%AC&category=web-development')),
    ).toBeUndefined();
    expect(checkRequest(request('POST', '/api/users/signin', ['127.0.0.1:4321']))).toBeUndefined();
    expect(checkRequest(request('DELETE', '/api/contents/abc', ['[::1]:4321']))).toBeUndefined();
    expect(checkRequest(request('HEAD', '/content/x', ['app_1.internal']))).toBeUndefined();
    expect(checkRequest(request('GET', '/', [], '1.0'))).toBeUndefined();
  });

  it.each([
    ['//', 'starts with //'],
    ['//evil.example/', 'starts with //'],
    ['/\\', 'backslash'],
    ['/a\\b', 'backslash'],
    ['/%zz', 'percent-encoding'],
    ['/%E6%97', 'percent-encoding'],
    ['*', 'must start with /'],
    ['http://evil.example/', 'must start with /'],
    ['http://[', 'must start with /'],
    ['', 'must start with /'],
  ])('refuses the target %j (%s)', (url, reason) => {
    const refusal = checkRequest(request('GET', url));
    expect(refusal?.status).toBe(400);
    expect(refusal?.message).toContain(reason);
  });

  it.each(['a@b', 'a/b', 'http://[', '[', 'a b', 'evil.example:99999', 'a:b', '-.example', 'ex\u00e9mple', ''])(
    'refuses the Host %j',
    (host) => {
      expect(checkRequest(request('GET', '/', [host]))).toMatchObject({
        status: 400,
        message: 'The Host header is not valid',
      });
    },
  );

  it('refuses HTTP versions other than 1.0 and 1.1', () => {
    for (const version of ['0.9', '2.0', '1.2'])
      expect(checkRequest(request('GET', '/', ['a.example'], version))?.status).toBe(400);
  });

  it('refuses a missing Host on HTTP/1.1 and a repeated one', () => {
    expect(checkRequest(request('GET', '/', []))?.message).toBe('The request has no Host header');
    expect(checkRequest(request('GET', '/', ['a.example', 'b.example']))?.message).toBe(
      'The request has more than one Host header',
    );
  });

  it('answers 405 with Allow for a method the path does not take', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST', 'PROPFIND', 'TRACE']) {
      expect(checkRequest(request(method, '/'))).toMatchObject({
        status: 405,
        headers: { allow: 'GET, HEAD, OPTIONS' },
      });
    }
    expect(checkRequest(request('TRACE', '/api/contents'))).toMatchObject({
      status: 405,
      headers: { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
    });
  });
});
