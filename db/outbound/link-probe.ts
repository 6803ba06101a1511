/**
 * One link, checked: HEAD, or GET where HEAD is refused; redirects followed up to 5 (a loop is a failure);
 * each request limited to `timeoutMs`, and spaced by the caller's per-host gate. The link checker's only
 * network code. Every hop goes through the server's outbound policy (public addresses only): a user's
 * report checks a link at once, so a redirect to an internal address must not be followed.
 */
import type { IncomingMessage } from 'node:http';
import { PERMANENT_REDIRECTS, REDIRECT_STATUSES, requestHop } from './http-request.ts';
import { outboundPolicy, type AddressPolicy } from './public-addresses.ts';

export const MAX_REDIRECTS = 5;

/** What one check found. */
export type Probe =
  /** The link works (2xx at the end; or 401/403: the page is there, behind a login). */
  | { outcome: 'ok'; status: number; finalUrl: string; movedTo: string | null }
  /** It does not: an error status, no answer, a redirect loop. */
  | { outcome: 'failed'; status: number | null; finalUrl: string; error: string }
  /** The server asked us to come back later (429, 503): neither a success nor a failure. */
  | { outcome: 'deferred'; status: number; finalUrl: string; retryAfterMs: number | null };

/**
 * Waits for the turn of a host (`URL.host`: name and port) to be asked; throws HostDeferred when the host
 * asked for time meanwhile (a 429 or 503 to another of its links).
 */
export type HostTurn = (host: string) => Promise<void>;

export class HostDeferred extends Error {
  override readonly name = 'HostDeferred';
  readonly probe: Extract<Probe, { outcome: 'deferred' }>;
  constructor(probe: Extract<Probe, { outcome: 'deferred' }>) {
    super('the host asked for time');
    this.probe = probe;
  }
}

const ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS)',
  ERR_REFUSED_ADDRESS: 'not a public address (refused: a private, loopback or link-local network)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate for another name',
};

function describe(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'ABORT_ERR')
    return `no answer within ${timeoutMs / 1000} s`;
  return (e.code && ERRORS[e.code]) ?? e.message ?? String(error);
}

/** Retry-After as milliseconds: seconds, or an HTTP date; null when missing or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const isRefusal = (status: number) => status >= 400 && status !== 429 && status !== 503;

/** Why a redirect to `next` is not followed (not to http, a loop, one too many), as the probe's answer; undefined to follow it. */
function refusedRedirect(
  next: URL,
  status: number,
  seen: ReadonlySet<string>,
  redirects: number,
  from: string,
): Probe | undefined {
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    return { outcome: 'failed', status, finalUrl: next.href, error: `redirect to ${next.protocol} (not http)` };
  if (seen.has(next.href)) return { outcome: 'failed', status, finalUrl: next.href, error: 'redirect loop' };
  if (redirects >= MAX_REDIRECTS)
    return { outcome: 'failed', status, finalUrl: from, error: `more than ${MAX_REDIRECTS} redirects` };
  return undefined;
}

/** The probe's answer to the last response, one that is not a redirect to follow. */
function answerOf(response: IncomingMessage, status: number, finalUrl: string, movedTo: string | null): Probe {
  if (status === 429 || status === 503)
    return { outcome: 'deferred', status, finalUrl, retryAfterMs: retryAfterMs(response.headers['retry-after']) };
  if ((status >= 200 && status < 300) || status === 401 || status === 403)
    return { outcome: 'ok', status, finalUrl, movedTo };
  return {
    outcome: 'failed',
    status,
    finalUrl,
    error: `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`,
  };
}

export async function probeLink(
  url: string,
  { timeoutMs, turn, policy = outboundPolicy() }: { timeoutMs: number; turn: HostTurn; policy?: AddressPolicy },
): Promise<Probe> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { outcome: 'failed', status: null, finalUrl: url, error: 'not a valid URL' };
  }
  const seen = new Set([target.href]);
  // Where the permanent redirects lead, while every redirect so far was permanent.
  let movedTo: string | null = null;
  let permanent = true;
  const ask = async (method: 'HEAD' | 'GET'): Promise<IncomingMessage> => {
    await turn(target.host);
    const response = await requestHop(target, { method, signal: AbortSignal.timeout(timeoutMs), policy });
    // Only the status and headers matter: the body is never read.
    response.destroy();
    return response;
  };
  try {
    for (let redirects = 0; ; redirects++) {
      let response = await ask('HEAD');
      // Some servers refuse HEAD (405, 501, or a 404 that GET does not give): GET has the last word.
      if (isRefusal(response.statusCode ?? 0)) response = await ask('GET');
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(status) || !location) return answerOf(response, status, target.href, movedTo);
      const next = new URL(location, target);
      const refused = refusedRedirect(next, status, seen, redirects, target.href);
      if (refused) return refused;
      permanent &&= PERMANENT_REDIRECTS.has(status);
      if (permanent) movedTo = next.href;
      seen.add(next.href);
      target = next;
    }
  } catch (error) {
    if (error instanceof HostDeferred) return { ...error.probe, finalUrl: target.href };
    return { outcome: 'failed', status: null, finalUrl: target.href, error: describe(error, timeoutMs) };
  }
}
