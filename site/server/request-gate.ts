/**
 * The first check of every request, in the server's front door (site/server/front-door.ts) before the
 * built files, the page cache, the WebSocket or Astro see it: the request line and the Host header must be what
 * HTTP/1.1 allows, or the request gets a 4xx here. Everything behind this point may parse the URL and
 * trust the Host's syntax; malformed input never reaches code that would throw on it.
 */

/** What may be asked of a page (anything outside /api/). */
export const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** The account forms also take their own plain HTML post, so they work without JavaScript. */
export const FORM_PAGE_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const FORM_PAGE = /^\/(?:signin|signup|forget-password|reset-password\/[^/]+|verify-email\/[^/]+)\/?$/;
/** What the API's endpoints may implement; each endpoint answers 405 for the ones it does not. */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface Refusal {
  status: 400 | 405;
  message: string;
  headers: Record<string, string>;
}

export interface RawRequest {
  method?: string;
  url?: string;
  httpVersion?: string;
  /** Node's rawHeaders: name, value, name, value… (repeated headers stay separate, unlike `headers`). */
  rawHeaders: string[];
}

/** host [":" port]: a DNS name (underscores tolerated, as on internal networks), IPv4 or a bracketed IPv6. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)(?::\d{0,5})?$/;
/** Characters no request target may hold raw: controls, space, backslash (browsers read it as a slash). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a request target holding raw controls is refused
const BAD_TARGET_CHARS = /[\u0000-\u0020\u007f\\]/;

const refuse = (status: Refusal['status'], message: string, headers: Record<string, string> = {}): Refusal => ({
  status,
  message,
  headers,
});

/** An account page that takes its own form's post (site/lib/server/account-forms.ts). */
export const isFormPage = (path: string) => FORM_PAGE.test(path);

/**
 * A digest's one-click unsubscribe (RFC 8058): a mail provider posts to it from no page of ours and with no
 * session; the link's secret token is its only key (decision 036).
 */
export const isOneClickPage = (path: string) => /^\/unsubscribe\/?$/.test(path);

export function allowedMethods(path: string): readonly string[] {
  if (path === '/api' || path.startsWith('/api/')) return API_METHODS;
  return isFormPage(path) || isOneClickPage(path) ? FORM_PAGE_METHODS : PAGE_METHODS;
}

/** The one Host value of the request, or a refusal: missing (HTTP/1.1), repeated or malformed. */
function checkHost(request: RawRequest): Refusal | undefined {
  const hosts: string[] = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i]!.toLowerCase() === 'host') hosts.push(request.rawHeaders[i + 1]!);
  }
  if (hosts.length > 1) return refuse(400, 'The request has more than one Host header');
  const host = hosts[0];
  if (host === undefined)
    return request.httpVersion === '1.0' ? undefined : refuse(400, 'The request has no Host header');
  if (!HOST.test(host)) return refuse(400, 'The Host header is not valid');
  const port = host.startsWith('[') ? host.slice(host.indexOf(']') + 2) : host.split(':')[1];
  if (port && Number(port) > 65535) return refuse(400, 'The Host header is not valid');
  try {
    new URL(`http://${host}/`);
  } catch {
    return refuse(400, 'The Host header is not valid');
  }
  return undefined;
}

/** The path of a request target that must be in origin form ("/path?query"), or a refusal. */
function checkTarget(target: string): { path: string } | Refusal {
  if (!target.startsWith('/')) return refuse(400, 'The address is not valid (it must start with /)');
  // "//host/…" would be read as another host by URL parsers downstream (and by browsers, in a redirect).
  if (target.startsWith('//')) return refuse(400, 'The address is not valid (it starts with //)');
  if (BAD_TARGET_CHARS.test(target))
    return refuse(400, 'The address is not valid (it holds a space, a control character or a backslash)');
  try {
    decodeURI(target);
  } catch {
    return refuse(400, 'The address is not valid (bad percent-encoding)');
  }
  const query = target.indexOf('?');
  return { path: query === -1 ? target : target.slice(0, query) };
}

/**
 * Refuses what no handler behind the front door should see. `undefined` means the request may go on;
 * its method is one of allowedMethods(path), its target a path and its Host well formed.
 */
export function checkRequest(request: RawRequest): Refusal | undefined {
  // Node's parser also takes "HTTP/0.9" (a bare "GET /") and "HTTP/2.0" request lines: neither is what they claim.
  if (request.httpVersion !== '1.1' && request.httpVersion !== '1.0')
    return refuse(400, 'The HTTP version is not supported (use HTTP/1.1)');
  const method = request.method ?? '';
  const target = checkTarget(request.url ?? '');
  if ('status' in target) return target;
  const host = checkHost(request);
  if (host) return host;
  const allowed = allowedMethods(target.path);
  if (!allowed.includes(method)) return refuse(405, `${method} is not allowed here`, { allow: allowed.join(', ') });
  return undefined;
}
