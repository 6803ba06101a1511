/**
 * What a submitted link's page says of itself, fetched when it is submitted: its og:title or <title>, offered
 * to the admin as its name, and its description (og:description or meta description) and picture
 * (og:image), suggested for what the submitter left blank. Any user triggers this fetch, so it is bounded:
 * at most 3 s and 512 KB, 3 redirects, http(s) only, and never a private, loopback or link-local address
 * (db/outbound/public-addresses.ts, decision 025). A failure is silent: the name made from the URL stays.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { submissions } from '../schema.ts';
import { nameFromUrl, slugify } from '../catalog/urls.ts';
import { cleanText } from '../validation/text.ts';
import { readUpTo, REDIRECT_STATUSES, requestHop } from '../outbound/http-request.ts';
import { outboundPolicy, privateWebsiteProblem, type AddressPolicy } from '../outbound/public-addresses.ts';

export interface TitleFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  policy: AddressPolicy;
}

export const TITLE_FETCH_LIMITS: Omit<TitleFetchLimits, 'policy'> = { timeoutMs: 3000, maxBytes: 512 * 1024, maxRedirects: 3 };
const NAME_MAX = 200;
/** A suggested description: a summary, well under the 5,000 a description may hold. */
const DESCRIPTION_MAX = 1000;

/** What a page says of itself; each part undefined when it does not say it. */
export interface PageFacts {
  title?: string;
  description?: string;
  /** og:image as an absolute http(s) URL on a public host. */
  image?: string;
}

/** The page's title, or undefined when it cannot be had within the limits (never throws). */
export async function fetchPageTitle(url: string, limits: Partial<TitleFetchLimits> = {}): Promise<string | undefined> {
  return (await fetchPageFacts(url, limits))?.title;
}

/** What the page says of itself, or undefined when it cannot be read within the limits (never throws). */
export async function fetchPageFacts(url: string, limits: Partial<TitleFetchLimits> = {}): Promise<PageFacts | undefined> {
  const { timeoutMs, maxBytes, maxRedirects, policy } = { ...TITLE_FETCH_LIMITS, policy: outboundPolicy(), ...limits };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let target = new URL(url);
    for (let redirects = 0; ; redirects++) {
      const response = await requestHop(target, { method: 'GET', signal, policy, headers: { accept: 'text/html,application/xhtml+xml' } });
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && response.headers.location) {
        response.destroy();
        if (redirects >= maxRedirects) return undefined;
        target = new URL(response.headers.location, target);
        continue;
      }
      const type = response.headers['content-type'] ?? 'text/html';
      if (status < 200 || status >= 300 || !/html/i.test(type)) {
        response.destroy();
        return undefined;
      }
      return factsOf(decode(await readUpTo(response, maxBytes), type), target);
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
  return oneLine(metaContent(html, ['og:title']) ?? (title === undefined ? undefined : decodeEntities(title)), NAME_MAX);
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
  return facts;
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
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}

/**
 * Fetches what the page of a just-created submission says of itself (when SUBMISSION_TITLE_FETCH is on)
 * and keeps it (`pageTitle`, `pageDescription`, `pageImage`); while the submission is pending and its name
 * is still the one made from its URL, the title becomes its name (and slug). Meant to run after the reply,
 * so nobody waits for another site. Never throws.
 */
export async function nameFromPageTitle(db: Db, submission: { _id: string; url: string }): Promise<void> {
  if (config().SUBMISSION_TITLE_FETCH === 'off') return;
  try {
    const facts = await fetchPageFacts(submission.url);
    if (!facts || (!facts.title && !facts.description && !facts.image)) return;
    const { title, description = null, image = null } = facts;
    const fromUrl = sql`${submissions.name} = ${nameFromUrl(submission.url)}`;
    await db
      .update(submissions)
      .set({
        pageTitle: title ?? null,
        pageDescription: description,
        pageImage: image,
        ...(title
          ? {
              name: sql`CASE WHEN ${fromUrl} THEN ${title} ELSE ${submissions.name} END`,
              slug: sql`CASE WHEN ${fromUrl} THEN ${slugify(title)} ELSE ${submissions.slug} END`,
            }
          : {}),
      })
      .where(and(eq(submissions.id, submission._id), eq(submissions.status, 'pending')));
  } catch {
    // Silent: the URL-derived name stays.
  }
}
