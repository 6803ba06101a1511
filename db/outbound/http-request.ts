/**
 * One HTTP request, one hop: no redirect is followed (callers decide, hop by hop, each hop checked again),
 * no connection is kept or shared, and the addresses a name resolves to are checked inside the connection's
 * own lookup (./public-addresses.ts): public ones only, unless OUTBOUND_ALLOW_PRIVATE.
 * For the server's own outgoing requests: a submitted page's title, the link checker.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { lookupWith, outboundPolicy, RefusedAddress, type AddressPolicy } from './public-addresses.ts';

export interface HopOptions {
  method: 'GET' | 'HEAD';
  /** Ends the request (and its body) when aborted: the caller's time limit. */
  signal: AbortSignal;
  /** Which addresses may be connected to (default: the server's one outbound policy, public ones only). */
  policy?: AddressPolicy;
  headers?: Record<string, string>;
}

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
export const PERMANENT_REDIRECTS = new Set([301, 308]);

/** Sends the request and resolves with the response once its headers are in (the body is the caller's to read or drop). */
export function requestHop(
  url: URL,
  { method, signal, policy = outboundPolicy(), headers = {} }: HopOptions,
): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error(`${url.protocol} is not http(s)`));
  // A literal address is connected to without a lookup: checked here instead.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !policy(literal))
    return Promise.reject(new RefusedAddress(`${literal} is not a public address`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method,
        signal,
        agent: false,
        lookup: lookupWith(policy),
        headers: { 'user-agent': 'SkillshelfBot/1.0 (link check)', ...headers },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body's first `limit` bytes at most: reading stops there (the rest is never downloaded). */
export function readUpTo(response: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      response.destroy();
      resolve(Buffer.concat(chunks).subarray(0, limit));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) done();
    });
    response.on('end', done);
    response.on('error', reject);
    // Cut off (the caller's time ran out, the server went away) before the end: no body.
    response.on('close', () => reject(new Error('The response was cut off')));
  });
}
