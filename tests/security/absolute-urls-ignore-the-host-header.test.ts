/**
 * Without PUBLIC_URL the site once built absolute URLs (canonical, og:url, JSON-LD, feed, sitemap) from the
 * request's Host header, and cached the page by path alone: one request with `Host: evil.example` planted
 * that host in what every later visitor got. Absolute URLs now come from the configuration only
 * (decision 009).
 */
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../setup/raw-http.ts';
import { useServer } from '../setup/use-server.ts';

const PAGES = [
  '/',
  '/search?category=web-development',
  '/content/freecodecamp',
  '/feed.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/sitemap/0.xml',
];

const withHost = (port: number, path: string, host: string) =>
  rawRequest(
    port,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: evil.example\r\nConnection: close\r\n\r\n`,
  );

describe.each([
  ['without PUBLIC_URL', { PUBLIC_URL: '' }],
  ['with PUBLIC_URL', {}],
])('%s', (_name, env) => {
  const { server } = useServer({ env });

  it.each(PAGES)('%s names only the configured origin, whatever Host the first request sent', async (path) => {
    const poisoned = await withHost(server.port, path, 'evil.example');
    expect(poisoned.status).toBe(200);
    expect(poisoned.body).not.toContain('evil.example');
    // The next visitor, served from the page cache:
    const next = await fetch(server.url + path);
    const body = await next.text();
    expect(body).not.toContain('evil.example');
    if (path !== '/robots.txt' || body.includes('Sitemap')) expect(body).toContain(`http://127.0.0.1:${server.port}/`);
  });

  it('says at start when PUBLIC_URL is missing', () => {
    const warned = server.output().includes('PUBLIC_URL is not set');
    expect(warned).toBe('PUBLIC_URL' in env);
  });
});
