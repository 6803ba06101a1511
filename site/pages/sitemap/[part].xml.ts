/** One part of a large catalog's sitemap (see /sitemap.xml). */
import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { sitemapPart } from '#site/lib/server/sitemap.ts';
import { xmlResponse } from '#site/lib/xml.ts';

export const GET: APIRoute = async ({ params }) => {
  const part = Number(params.part);
  const body = Number.isInteger(part) && part >= 0 ? await sitemapPart(await getDb(), part) : undefined;
  return body
    ? xmlResponse(body)
    : new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
};
