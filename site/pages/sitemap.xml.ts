/** Every content page, plus home and search (sitemaps.org protocol); an index of parts on a large catalog. */
import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { sitemapRoot } from '#site/lib/server/sitemap.ts';
import { xmlResponse } from '#site/lib/xml.ts';

export const GET: APIRoute = async () => xmlResponse(await sitemapRoot(await getDb()));
