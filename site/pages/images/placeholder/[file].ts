import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { contentNameBySlug } from '#db/catalog/catalog-reads.ts';
import { placeholderSvg } from '#site/ui/placeholder.ts';

/**
 * The generated tile of a content without an image (db/catalog/images.ts names the path): its name's letter on
 * its name's colour, as the cards draw it inline. An unknown slug still gets a tile, from the slug's words:
 * an image URL a client holds never breaks.
 */
export const GET: APIRoute = async ({ params }) => {
  const slug = /^(.+)\.svg$/.exec(params.file ?? '')?.[1];
  if (!slug)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const name = (await contentNameBySlug(await getDb(), slug)) ?? slug.replace(/-/g, ' ');
  return new Response(placeholderSvg(name), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      // Opened on its own, an SVG is a document: this one may run nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
};
