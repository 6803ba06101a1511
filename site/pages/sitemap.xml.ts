/** Every content page, plus home and search (sitemaps.org protocol). */
import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { latestContents } from '#db/services/catalog.ts';
import { absoluteUrl } from '#site/lib/server/site-url.ts';
import { escapeXml, xmlResponse } from '#site/lib/xml.ts';

/** A sitemap file holds at most 50,000 URLs; two of them are home and search. */
const MAX_CONTENT_URLS = 50_000 - 2;

export const GET: APIRoute = async ({ url }) => {
  const contents = await latestContents(await getDb(), MAX_CONTENT_URLS);
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(absoluteUrl(url, path))}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  const newest = contents.reduce((max, c) => (c.updatedAt > max ? c.updatedAt : max), '');
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry('/', newest || undefined),
    entry('/search', newest || undefined),
    ...contents.map((c) => entry(`/content/${encodeURIComponent(c.slug)}`, c.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
  return xmlResponse(body);
};
