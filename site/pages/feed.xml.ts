/**
 * The newest contents as an Atom feed (RFC 4287): the whole catalog's, or a tag's (`?category=…`, any tag
 * kind the search takes; decision 036). A shared page: cached by its tags and refreshed by the change feed
 * like a search page (docs/caching.md), with an ETag and 304 from the page cache.
 */
import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { latestContentsTagged } from '#db/catalog/catalog-reads.ts';
import { parseSearchParams, searchQueryString } from '#db/catalog/validation/search.ts';
import { TAG_KINDS } from '#db/catalog/taxonomy.ts';
import { isAppError } from '#db/errors.ts';
import { absoluteUrl } from '#site/lib/server/site-url.ts';
import { json } from '#site/lib/server/http.ts';
import { escapeXml, xmlResponse } from '#site/lib/xml.ts';

const FEED_SIZE = 50;

export const GET: APIRoute = async ({ url }) => {
  const asked = parseSearchParams(url.searchParams);
  let feed: Awaited<ReturnType<typeof latestContentsTagged>>;
  try {
    feed = await latestContentsTagged(await getDb(), asked, FEED_SIZE);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return json({ message: error.message }, 404);
    throw error;
  }
  const { contents, tags } = feed;
  const query = searchQueryString(Object.fromEntries(TAG_KINDS.map((kind) => [kind, asked[kind]])));
  const self = absoluteUrl(`/feed.xml${tags.length ? query : ''}`);
  const home = absoluteUrl(tags.length ? `/search${query}` : '/');
  const title = tags.length
    ? `Skillshelf: newest in ${tags.map((tag) => tag.label).join(', ')}`
    : 'Skillshelf: newest learning resources';
  // ISO 8601 times sort as the times they name: the last is the newest.
  const updated =
    contents
      .map((c) => c.updatedAt)
      .sort()
      .at(-1) || new Date(0).toISOString();
  const entries = contents.map((c) => {
    const link = absoluteUrl(`/content/${encodeURIComponent(c.slug)}`);
    const categories = c.category
      .map((tag) => `<category term="${escapeXml(tag.value)}" label="${escapeXml(tag.label)}"/>`)
      .join('');
    return [
      '<entry>',
      `<title>${escapeXml(c.name)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      // The id survives a change of slug: the content's own id, under this site's address.
      `<id>${escapeXml(absoluteUrl(`/#content-${c._id}`))}</id>`,
      `<published>${escapeXml(c.createdAt)}</published>`,
      `<updated>${escapeXml(c.updatedAt)}</updated>`,
      `<summary>${escapeXml(c.description)}</summary>`,
      categories,
      '</entry>',
    ].join('');
  });
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${escapeXml(title)}</title>`,
    '<subtitle>Curated websites for learning computer science and information technology.</subtitle>',
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(home)}"/>`,
    // The whole catalog's feed keeps the id it always had; a tag's is its own address.
    `<id>${escapeXml(tags.length ? self : absoluteUrl('/'))}</id>`,
    `<updated>${escapeXml(updated)}</updated>`,
    '<author><name>Skillshelf</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return xmlResponse(body, 'application/atom+xml');
};
