/** URL rules shared by server, CLI and browser forms (no imports). */

const TRACKING_PARAMS = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ref|ref_src|igshid|_hsenc|_hsmi)$/i;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (url.hostname.includes('.') || url.hostname === 'localhost')
    );
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
  const params = [...url.searchParams.entries()]
    .filter(([key]) => !TRACKING_PARAMS.test(key))
    .sort(([a], [b]) => a.localeCompare(b));
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

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** 'machine-learning' → 'Machine Learning' (a path segment as words). */
const words = (segment: string) =>
  safeDecode(segment)
    .split(/[-_+\s]+/)
    .filter(Boolean)
    .map(capitalise)
    .join(' ');
const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Platforms where the path, not the host, names the resource: a channel, a repository, a course. Each rule
 * gets the host without 'www.' and the path's segments; undefined falls back to the host's name.
 */
const PLATFORMS: Array<{ hosts: string[]; name: (segments: string[]) => string | undefined }> = [
  {
    hosts: ['youtube.com', 'm.youtube.com'],
    name: ([first, second]) => {
      if (first?.startsWith('@') && first.length > 1) return `${safeDecode(first.slice(1))} on YouTube`;
      if ((first === 'c' || first === 'user') && second) return `${safeDecode(second)} on YouTube`;
      return undefined;
    },
  },
  {
    hosts: ['github.com'],
    name: ([owner, repo]) => (owner && repo ? `${owner}/${repo}` : owner ? `${owner} on GitHub` : undefined),
  },
  { hosts: ['gitlab.com'], name: ([owner, repo]) => (owner && repo ? `${owner}/${repo}` : undefined) },
  {
    hosts: ['coursera.org'],
    name: ([kind, slug]) =>
      slug && ['learn', 'specializations', 'professional-certificates', 'projects', 'degrees'].includes(kind!)
        ? `${words(slug)} (Coursera)`
        : undefined,
  },
  { hosts: ['udemy.com'], name: ([kind, slug]) => (kind === 'course' && slug ? `${words(slug)} (Udemy)` : undefined) },
  {
    hosts: ['edx.org'],
    name: ([kind, slug]) =>
      slug && ['course', 'learn', 'professional-certificate'].includes(kind!) ? `${words(slug)} (edX)` : undefined,
  },
  {
    hosts: ['medium.com'],
    name: ([first]) =>
      first?.startsWith('@') && first.length > 1
        ? `${first.slice(1)} on Medium`
        : first
          ? `${words(first)} on Medium`
          : undefined,
  },
  { hosts: ['dev.to'], name: ([first]) => (first ? `${first} on DEV` : undefined) },
  { hosts: ['twitch.tv'], name: ([first]) => (first ? `${first} on Twitch` : undefined) },
  {
    hosts: ['udacity.com'],
    name: ([kind, slug]) => (kind === 'course' && slug ? `${words(slug.replace(/--\w+$/, ''))} (Udacity)` : undefined),
  },
  {
    hosts: ['khanacademy.org'],
    name: ([first, second]) => (first && second ? `${words(second)} (Khan Academy)` : undefined),
  },
  {
    hosts: ['pluralsight.com'],
    name: ([kind, slug]) => (kind === 'courses' && slug ? `${words(slug)} (Pluralsight)` : undefined),
  },
  {
    hosts: ['linkedin.com'],
    name: ([kind, slug]) => (kind === 'learning' && slug ? `${words(slug)} (LinkedIn Learning)` : undefined),
  },
  {
    hosts: ['freecodecamp.org'],
    name: ([kind, slug]) => (kind === 'learn' && slug ? `${words(slug)} (freeCodeCamp)` : undefined),
  },
];

/** Hosting services where the first label is the site's own name: ada.github.io → 'Ada'. */
const HOSTED_ON = [
  'github.io',
  'gitlab.io',
  'substack.com',
  'hashnode.dev',
  'gitbook.io',
  'netlify.app',
  'vercel.app',
  'pages.dev',
  'blogspot.com',
  'wordpress.com',
  'medium.com',
  'readthedocs.io',
  'notion.site',
];

/** Subdomains that name no part of a site: the site is its domain (developer.mozilla.org → 'Mozilla'). */
const PLAIN_SUBDOMAINS = new Set([
  'www',
  'www2',
  'm',
  'en',
  'app',
  'web',
  'developer',
  'developers',
  'blog',
  'home',
  'site',
  'my',
]);
/** Subdomains naming a section of the site, said after it: docs.python.org → 'Python Docs'. */
const SECTION_SUBDOMAINS = new Set([
  'docs',
  'learn',
  'academy',
  'training',
  'courses',
  'education',
  'tutorial',
  'tutorials',
  'guide',
  'wiki',
  'book',
]);
/** RFC 2606's example domains name nothing: what is on them is named by its subdomain or path alone. */
const EXAMPLE_DOMAINS = new Set(['example']);

/** One label as a word: short ones and letters-then-digits are acronyms ('mit' → 'MIT', 'cs50' → 'CS50'). */
const labelWord = (label: string) =>
  /^[a-z]{1,3}$|^[a-z]{1,3}\d{1,3}$/.test(label) ? label.toUpperCase() : capitalise(label);
/** A subdomain as words: several ('learn-distributed-systems') as a title, one as a name ('eli' → 'Eli', 'cs50' → 'CS50'). */
const subdomainWords = (label: string) =>
  /[-_]/.test(label) ? words(label) : /^[a-z]{1,3}\d{1,3}$/.test(label) ? label.toUpperCase() : capitalise(label);

/**
 * The last path segment when it reads as a title: two words or more, not a locale, an id or a file name
 * ('/courses/intro-to-rust.html' → 'intro-to-rust'; '/en-US/', '/x/', '/2020/' and '/computing' are not).
 */
function titleSegment(segments: string[]): string | undefined {
  for (const raw of segments.toReversed()) {
    const segment = safeDecode(raw).replace(/\.(html?|php|aspx?)$/i, '');
    if (/^[a-z]{2}([-_][a-z]{2,4})?$/i.test(segment) || /^index$/i.test(segment)) continue;
    const parts = segment.split(/[-_+\s]+/).filter(Boolean);
    if (
      parts.length >= 2 &&
      parts.filter((part) => /\p{L}{2,}/u.test(part)).length >= 2 &&
      !/^[\da-f-]{16,}$/i.test(segment)
    )
      return segment;
    return undefined;
  }
  return undefined;
}

/**
 * The name a URL suggests (docs/product.md#validation: "the name is derived from it when blank"), from the whole
 * address, best first:
 * - a platform's resource where the path names it (youtube.com/@fireship → 'fireship on YouTube',
 *   github.com/owner/repo → 'owner/repo');
 * - the site's own label on a hosting service (ada.github.io → 'Ada');
 * - a path segment that reads as a title, with the site (example.org/courses/intro-to-rust → 'Intro To
 *   Rust');
 * - a subdomain naming the resource, with its domain (missing.csail.mit.edu → 'Missing (MIT)',
 *   learn-distributed-systems.example.org → 'Learn Distributed Systems'), or a section of the site
 *   (docs.python.org → 'Python Docs');
 * - else the domain's main word (https://www.khanacademy.org/x → 'Khanacademy').
 * It is a guess: the page's title replaces it when it can be fetched, and the admin is asked to check it.
 */
export function nameFromUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return '';
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const platform = PLATFORMS.find((p) => p.hosts.includes(host));
  const fromPath = platform?.name(segments);
  if (fromPath) return fromPath;
  const labels = host.split('.').filter(Boolean);
  if (labels.length === 0) return '';
  const hosting = HOSTED_ON.find((suffix) => host.endsWith(`.${suffix}`));
  if (hosting && labels.length > hosting.split('.').length) return words(labels[0]!);
  let index = Math.max(0, labels.length - 2);
  if (labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!)) index = labels.length - 3;
  const domain = EXAMPLE_DOMAINS.has(labels[index]!) ? '' : labelWord(labels[index]!);
  const sub = labels.slice(0, index).find((label) => !PLAIN_SUBDOMAINS.has(label));
  const site = sub && SECTION_SUBDOMAINS.has(sub) ? [domain, capitalise(sub)].filter(Boolean).join(' ') : domain;
  const resource = sub && !SECTION_SUBDOMAINS.has(sub) ? subdomainWords(sub) : '';
  const titled = titleSegment(segments);
  const within = (name: string, owner: string) => (owner ? `${name} (${owner})` : name);
  if (titled) return within(words(titled), resource || site);
  if (resource) return within(resource, /[-_]/.test(sub!) ? '' : site);
  return site || capitalise(labels[index]!);
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
