/**
 * What a page says of itself: its og:title or <title>, its description (og:description or meta
 * description), its picture (og:image) and its icon, read when a link is submitted (db/submissions/
 * page-title.ts) and when a content's picture is fetched (db/catalog/pictures.ts). Anyone may trigger such a
 * fetch, so it is bounded: at most 3 s and 512 KB, 3 redirects, http(s) only, and never a private, loopback
 * or link-local address (public-addresses.ts, decision 025). A failure is silent.
 */
import { courseFactsOf, type CourseFacts } from './course-facts.ts';
import { cleanText } from '../validation/text.ts';
import { readUpTo, REDIRECT_STATUSES, requestHop } from './http-request.ts';
import { outboundPolicy, privateWebsiteProblem, type AddressPolicy } from './public-addresses.ts';

export interface TitleFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  policy: AddressPolicy;
}

export const TITLE_FETCH_LIMITS: Omit<TitleFetchLimits, 'policy'> = {
  timeoutMs: 3000,
  maxBytes: 512 * 1024,
  maxRedirects: 3,
};
const NAME_MAX = 200;
/** A suggested description: a summary, well under the 5,000 a description may hold. */
const DESCRIPTION_MAX = 1000;

/** What a page says of itself; each part undefined when it does not say it. */
export interface PageFacts {
  title?: string;
  description?: string;
  /** og:image as an absolute http(s) URL on a public host. */
  image?: string;
  /** The site's own icon (apple-touch-icon, else a PNG or SVG icon), the same way: a picture when there is no og:image. */
  icon?: string;
  /** What its schema.org JSON-LD (or OpenGraph) says of the resource: provider, hours, skills… (./course-facts.ts). */
  course?: CourseFacts;
}

/** The page's title, or undefined when it cannot be had within the limits (never throws). */
export async function fetchPageTitle(url: string, limits: Partial<TitleFetchLimits> = {}): Promise<string | undefined> {
  return (await fetchPageFacts(url, limits))?.title;
}

/** What the page says of itself, or undefined when it cannot be read within the limits (never throws). */
export function fetchPageFacts(url: string, limits: Partial<TitleFetchLimits> = {}): Promise<PageFacts | undefined> {
  // With the usual limits, a page read a moment ago (a link check's run reads it for its picture, then for its
  // facts) is not read again: one visit to the other site, not one per reader.
  if (Object.keys(limits).length > 0) return readPageFacts(url, limits);
  const now = Date.now();
  for (const [key, read] of recentReads) if (read.at < now - RECENT_MS) recentReads.delete(key);
  const recent = recentReads.get(url);
  if (recent) return recent.facts;
  const facts = readPageFacts(url, limits);
  recentReads.set(url, { at: now, facts });
  if (recentReads.size > RECENT_MAX) recentReads.delete(recentReads.keys().next().value!);
  return facts;
}

/** How long, and for how many pages, a page's facts are kept for the next reader of the same address. */
const RECENT_MS = 60_000;
const RECENT_MAX = 200;
const recentReads = new Map<string, { at: number; facts: Promise<PageFacts | undefined> }>();

async function readPageFacts(url: string, limits: Partial<TitleFetchLimits>): Promise<PageFacts | undefined> {
  const page = await fetchWithin(url, limits, 'text/html,application/xhtml+xml', (type) => /html/i.test(type));
  return page && factsOf(decode(page.body, page.type), page.url);
}

/**
 * A 2xx answer's body whose type `accepts`, following redirects within the limits, or undefined (never
 * throws): at most `maxBytes`, `timeoutMs` for the whole exchange, only addresses the policy allows.
 */
export async function fetchWithin(
  url: string,
  limits: Partial<TitleFetchLimits>,
  accept: string,
  accepts: (type: string) => boolean,
): Promise<{ body: Buffer; type: string; url: URL } | undefined> {
  const { timeoutMs, maxBytes, maxRedirects, policy } = { ...TITLE_FETCH_LIMITS, policy: outboundPolicy(), ...limits };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let target = new URL(url);
    for (let redirects = 0; ; redirects++) {
      const response = await requestHop(target, { method: 'GET', signal, policy, headers: { accept } });
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && response.headers.location) {
        response.destroy();
        if (redirects >= maxRedirects) return undefined;
        target = new URL(response.headers.location, target);
        continue;
      }
      const type = response.headers['content-type'] ?? '';
      if (status < 200 || status >= 300 || !accepts(type || 'text/html')) {
        response.destroy();
        return undefined;
      }
      return { body: await readUpTo(response, maxBytes), type, url: target };
    }
  } catch {
    return undefined;
  }
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The content of the first <meta> whose property or name is one of `keys` (in the order given), decoded. */
function metaContent(html: string, keys: readonly string[]): string | undefined {
  const tags = [...html.matchAll(/<meta\b[^>]*>/gi)].map((m) => m[0]);
  for (const key of keys) {
    const tag = tags.find((t) => new RegExp(`\\b(?:property|name)\\s*=\\s*["']?${key}["'\\s/>]`, 'i').test(t));
    const content = tag && /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    if (content) return decodeEntities(content[1] ?? content[2] ?? '');
  }
  return undefined;
}

/** Text cleaned to one line of at most `max` characters (cut with an ellipsis), or undefined when empty. */
function oneLine(raw: string | undefined, max: number): string | undefined {
  const text = cleanText(raw ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** og:title when the page has one (often without the site's name appended), else <title>; cleaned, at most 200 characters. */
export function titleOf(html: string): string | undefined {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  return oneLine(
    metaContent(html, ['og:title']) ?? (title === undefined ? undefined : decodeEntities(title)),
    NAME_MAX,
  );
}

/** Everything a page says of itself: its title, its description, and its picture as a public http(s) URL. */
export function factsOf(html: string, pageUrl: URL): PageFacts {
  const facts: PageFacts = {};
  const title = titleOf(html);
  if (title) facts.title = title;
  const description = oneLine(metaContent(html, ['og:description', 'description']), DESCRIPTION_MAX);
  if (description) facts.description = description;
  const image = imageUrl(metaContent(html, ['og:image', 'og:image:url', 'og:image:secure_url']), pageUrl);
  if (image) facts.image = image;
  const icon = imageUrl(iconHref(html), pageUrl);
  if (icon) facts.icon = icon;
  const course = courseFactsOf(html);
  if (Object.keys(course).length) facts.course = course;
  return facts;
}

/** The page's best icon: an apple-touch-icon (a large PNG), else an icon link in PNG or SVG; never an .ico, which no decoder here reads. */
function iconHref(html: string): string | undefined {
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => m[0]);
  const href = (tag: string) =>
    /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined);
  const rel = (tag: string) =>
    /\brel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined)
      ?.toLowerCase() ?? '';
  const touch = links.find((tag) => rel(tag).split(/\s+/).includes('apple-touch-icon'));
  if (touch) return decodeEntities(href(touch) ?? '');
  const icon = links.find(
    (tag) => rel(tag).split(/\s+/).includes('icon') && /\.(png|svg)(\?|$)/i.test(href(tag) ?? ''),
  );
  return icon ? decodeEntities(href(icon) ?? '') : undefined;
}

/** og:image resolved against the page, kept only when it is http(s) on a public host and short enough to store. */
function imageUrl(raw: string | undefined, pageUrl: URL): string | undefined {
  if (!raw?.trim()) return undefined;
  try {
    const url = new URL(raw.trim(), pageUrl);
    if (!/^https?:$/.test(url.protocol) || url.href.length > 2048 || privateWebsiteProblem(url.href)) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  middot: '·',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}
