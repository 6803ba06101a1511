/** The newest contents as an Atom feed (RFC 4287). */
import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { latestContents } from '#db/catalog/catalog-reads.ts';
import { absoluteUrl } from '#site/lib/server/site-url.ts';
import { escapeXml, xmlResponse } from '#site/lib/xml.ts';

const FEED_SIZE = 50;

export const GET: APIRoute = async () => {
  const contents = await latestContents(await getDb(), FEED_SIZE);
  const home = absoluteUrl('/');
  // ISO 8601 times sort as the times they name: the last is the newest.
  const updated =
    contents
      .map((c) => c.updatedAt)
      .sort()
      .at(-1) || new Date(0).toISOString();
  const entries = contents.map((c) => {
    const link = absoluteUrl(`/content/${encodeURIComponent(c.slug)}`);
    const categories = c.category.map((tag) => `<category term="${escapeXml(tag.value)}" label="${escapeXml(tag.label)}"/>`).join('');
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
    '<title>Skillshelf: newest learning resources</title>',
    '<subtitle>Curated websites for learning computer science and information technology.</subtitle>',
    `<link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl('/feed.xml'))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(home)}"/>`,
    `<id>${escapeXml(home)}</id>`,
    `<updated>${escapeXml(updated)}</updated>`,
    '<author><name>Skillshelf</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return xmlResponse(body, 'application/atom+xml');
};
