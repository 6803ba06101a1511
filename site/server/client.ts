/**
 * Who is asking, and over what: the client address (for rate limits, the log, the visitors cap) and
 * whether the browser reached us over https (for Secure cookies and HSTS). Behind a reverse proxy the
 * socket's peer is the proxy, so TRUST_PROXY names the proxies whose X-Forwarded-For and X-Forwarded-Proto
 * are believed; from any other peer (or with TRUST_PROXY unset) those headers are ignored, since anyone can
 * send them. proxy-addr (Express's matcher: IPs, CIDR ranges, IPv4-mapped IPv6) picks the nearest address
 * in X-Forwarded-For that is not itself a trusted proxy.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { config } from '#db/config.ts';

export interface Client {
  address: string;
  https: boolean;
}

type Trust = (address: string, hop: number) => boolean;

let trust: Trust | undefined | null;

/** The compiled TRUST_PROXY, or null when it is unset (the common case costs one check). */
function trusted(): Trust | null {
  if (trust === undefined) {
    const proxies = config().TRUST_PROXY;
    trust = proxies.length ? proxyAddr.compile(proxies) : null;
  }
  return trust;
}

export function clientOf(req: IncomingMessage): Client {
  const peer = req.socket.remoteAddress ?? '';
  const https = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  const isTrusted = trusted();
  if (!isTrusted?.(peer, 0)) return { address: peer, https };
  const proto = firstValue(req.headers['x-forwarded-proto']);
  return { address: proxyAddr(req, isTrusted), https: https || proto === 'https' };
}

/** The first of a comma-separated header's values (what the nearest proxy says, when it replaced the header). */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim().toLowerCase();
}
