/** URL rules shared by server, CLI and browser forms (no imports). */

const TRACKING_PARAMS = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ref|ref_src|igshid|_hsenc|_hsmi)$/i;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && (url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}

/**
 * The identity of a resource: two URLs with the same key are the same resource. Ignores the scheme, host
 * case, a leading 'www.', a trailing slash, the fragment, tracking parameters and query order.
 */
export function urlKey(value: string): string {
  const url = new URL(value.trim());
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams.entries()].filter(([key]) => !TRACKING_PARAMS.test(key)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${port}${path}${query}`;
}

/** The URL as stored and shown: trimmed, fragment and tracking parameters removed. */
export function cleanUrl(value: string): string {
  const url = new URL(value.trim());
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key);
  url.hostname = url.hostname.toLowerCase();
  return url.toString();
}

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'edu', 'gov']);

/** The name a URL suggests (SPEC §5 "Name is derived from the URL"): https://www.khanacademy.org/x → 'Khanacademy'. */
export function nameFromUrl(value: string): string {
  let host: string;
  try {
    host = new URL(value.trim()).hostname.toLowerCase();
  } catch {
    return '';
  }
  const labels = host.replace(/^www\./, '').split('.').filter(Boolean);
  if (labels.length === 0) return '';
  let index = Math.max(0, labels.length - 2);
  if (labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!)) index = labels.length - 3;
  const word = labels[index]!;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A URL path segment from a name: 'The Odin Project' → 'the-odin-project'. */
export function slugify(value: string): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'content';
}
