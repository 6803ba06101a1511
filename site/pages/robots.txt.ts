/** Crawlers may read the catalog; account, admin and API paths are not for them. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '#site/lib/server/site-url.ts';
import { SIGNED_IN_PAGES } from '#site/session/account-pages.ts';

const PRIVATE_PATHS = ['/admin', ...SIGNED_IN_PAGES, '/submit-content', '/api'];

export const GET: APIRoute = () => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
