import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { getUpload } from '#db/catalog/uploads.ts';

/** An uploaded image. Its name is the hash of its bytes, so it never changes: cached for a year. */
export const GET: APIRoute = async ({ params }) => {
  const id = (params.file ?? '').replace(/\.(png|gif|jpg|webp)$/, '');
  try {
    const { mimeType, data } = await getUpload(await getDb(), id);
    return new Response(new Uint8Array(data), {
      headers: {
        'content-type': mimeType,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
};
