/**
 * Sitemaps (sitemaps.org): home, search, every content page and every public list holding something, in one
 * file while they fit, otherwise an index of numbered files (the contents', then one of the lists).
 */
import type { Db } from '#db/client.ts';
import { countAllContents, sitemapEntries } from '#db/catalog/catalog-reads.ts';
import { publicListEntries } from '#db/shelf/lists.ts';
import { escapeXml } from '#site/lib/xml.ts';
import { absoluteUrl } from './site-url.ts';

/** URLs per sitemap file (the protocol's limit is 50,000). */
export const URLS_PER_FILE = 45_000;

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;

const urlSet = (lines: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...lines,
    '</urlset>',
    '',
  ].join('\n');

/** A page per entry under `path` (a content's, a public list's), with its last change. */
const pageLines = (path: string, entries: Array<{ slug: string; updatedAt: string }>) =>
  entries.map((e) => urlEntry(absoluteUrl(`${path}/${encodeURIComponent(e.slug)}`), e.updatedAt));

/** Home and search: the first lines of the first file. */
const startLines = () => [urlEntry(absoluteUrl('/')), urlEntry(absoluteUrl('/search'))];

/** How many files the content pages take (home and search ride in the first). */
const contentFiles = (total: number, perFile: number) => Math.max(1, Math.ceil(total / perFile));

/**
 * Part `part` (0-based) of the index: the content pages' files, home and search in the first, then one file
 * of the public lists (the most recently changed `perFile` of them); undefined past the last.
 */
export async function sitemapPart(db: Db, part: number, perFile = URLS_PER_FILE): Promise<string | undefined> {
  const files = contentFiles(await countAllContents(db), perFile);
  if (part === files) return urlSet(pageLines('/lists', await publicListEntries(db, perFile)));
  if (part > files) return undefined;
  const contents = pageLines('/content', await sitemapEntries(db, part * perFile, perFile));
  return urlSet(part === 0 ? [...startLines(), ...contents] : contents);
}

/** /sitemap.xml: the one sitemap, or an index of /sitemap/N.xml when the catalog and its lists are larger than a file. */
export async function sitemapRoot(db: Db, perFile = URLS_PER_FILE): Promise<string> {
  const total = await countAllContents(db);
  const publicLists = await publicListEntries(db, perFile);
  if (total + 2 + publicLists.length <= perFile) {
    return urlSet([
      ...startLines(),
      ...pageLines('/content', await sitemapEntries(db, 0, perFile)),
      ...pageLines('/lists', publicLists),
    ]);
  }
  const files = contentFiles(total, perFile) + 1;
  const items = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(absoluteUrl(`/sitemap/${i}.xml`))}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    '</sitemapindex>',
    '',
  ].join('\n');
}
