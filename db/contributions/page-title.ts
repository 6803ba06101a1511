/**
 * A better name for a submitted link: the page's own og:title or <title>, fetched when it is submitted and
 * offered to the admin as its name (issue 16 §1). Any user triggers this fetch, so it is bounded: at most
 * 3 s and 512 KB, 3 redirects, http(s) only, and never a private, loopback or link-local address
 * (./public-addresses.ts) unless TITLE_FETCH_ALLOW_PRIVATE is set (for tests). A failure is silent: the
 * name made from the URL stays.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { submissions } from '../schema.ts';
import { nameFromUrl, slugify } from '../catalog/urls.ts';
import { cleanText } from '../validation/text.ts';
import { readUpTo, REDIRECT_STATUSES, requestHop } from '../outbound/http-request.ts';
import { outboundPolicy, type AddressPolicy } from '../outbound/public-addresses.ts';

export interface TitleFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  policy: AddressPolicy;
}

export const TITLE_FETCH_LIMITS: Omit<TitleFetchLimits, 'policy'> = { timeoutMs: 3000, maxBytes: 512 * 1024, maxRedirects: 3 };
const NAME_MAX = 200;

/** The page's title, or undefined when it cannot be had within the limits (never throws). */
export async function fetchPageTitle(url: string, limits: Partial<TitleFetchLimits> = {}): Promise<string | undefined> {
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
      return titleOf(decode(await readUpTo(response, maxBytes), type));
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

/** og:title when the page has one (often without the site's name appended), else <title>; cleaned, at most 200 characters. */
export function titleOf(html: string): string | undefined {
  const og = [...html.matchAll(/<meta\b[^>]*>/gi)].map((m) => m[0]).find((tag) => /\bproperty\s*=\s*["']?og:title\b/i.test(tag));
  const ogTitle = og && /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(og);
  const raw = ogTitle ? (ogTitle[1] ?? ogTitle[2]) : /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  const title = cleanText(decodeEntities(raw ?? '')).replace(/\s+/g, ' ').trim();
  if (!title) return undefined;
  return title.length > NAME_MAX ? `${title.slice(0, NAME_MAX - 1).trimEnd()}…` : title;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', middot: '·', hellip: '…', laquo: '«', raquo: '»', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

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
 * Fetches the page title of a just-created submission (when SUBMISSION_TITLE_FETCH is on) and keeps it as
 * `pageTitle`; while the submission is pending and its name is still the one made from its URL, the title
 * becomes its name (and slug). Meant to run after the reply, so nobody waits for another site. Never throws.
 */
export async function nameFromPageTitle(db: Db, submission: { _id: string; url: string }): Promise<void> {
  if (config().SUBMISSION_TITLE_FETCH === 'off') return;
  try {
    const title = await fetchPageTitle(submission.url);
    if (!title) return;
    const derived = nameFromUrl(submission.url);
    const fromUrl = sql`${submissions.name} = ${derived}`;
    await db
      .update(submissions)
      .set({ pageTitle: title, name: sql`CASE WHEN ${fromUrl} THEN ${title} ELSE ${submissions.name} END`, slug: sql`CASE WHEN ${fromUrl} THEN ${slugify(title)} ELSE ${submissions.slug} END` })
      .where(and(eq(submissions.id, submission._id), eq(submissions.status, 'pending')));
  } catch {
    // Silent: the URL-derived name stays.
  }
}
