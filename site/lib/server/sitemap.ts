/** Sitemaps (sitemaps.org): one file while the catalog fits, otherwise an index of numbered files. */
import type { Db } from '#db/client.ts';
import { countAllContents, sitemapEntries } from '#db/catalog/catalog-reads.ts';
import { escapeXml } from '#site/lib/xml.ts';
import { absoluteUrl } from './site-url.ts';

/** URLs per sitemap file (the protocol's limit is 50,000). */
export const URLS_PER_FILE = 45_000;

const urlEntry = (loc: string, lastmod?: string) => `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;

/** The sitemap of content pages number `part` (0-based), with home and search in the first. */
export async function sitemapPart(db: Db, part: number, perFile = URLS_PER_FILE): Promise<string | undefined> {
  const total = await countAllContents(db);
  if (part > 0 && part * perFile >= total) return undefined;
  const entries = await sitemapEntries(db, part * perFile, perFile);
  const lines = entries.map((e) => urlEntry(absoluteUrl(`/content/${encodeURIComponent(e.slug)}`), e.updatedAt));
  if (part === 0) lines.unshift(urlEntry(absoluteUrl('/')), urlEntry(absoluteUrl('/search')));
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...lines, '</urlset>', ''].join('\n');
}

/** /sitemap.xml: the one sitemap, or an index of /sitemap/N.xml when the catalog is larger than a file. */
export async function sitemapRoot(db: Db, perFile = URLS_PER_FILE): Promise<string> {
  const total = await countAllContents(db);
  if (total + 2 <= perFile) return (await sitemapPart(db, 0, perFile))!;
  const files = Math.ceil(total / perFile);
  const items = Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(absoluteUrl(`/sitemap/${i}.xml`))}</loc></sitemap>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...items, '</sitemapindex>', ''].join(
    '\n',
  );
}
