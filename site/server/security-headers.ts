/**
 * The headers every response of ours carries (the Content-Security-Policy comes with each page from Astro).
 * Shared by the middleware and the server's front door (site/server/front-door.ts), which answers cached
 * pages, built files and refusals without passing through the middleware.
 */
import { config } from '#db/config.ts';

const ALWAYS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } as const;

/**
 * HSTS only when the site is reached over https: `https` is the request's (a trusted proxy's
 * X-Forwarded-Proto, site/server/client.ts), or PUBLIC_URL is https (a proxy ends TLS in front).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return https || (config().PUBLIC_URL ?? '').startsWith('https:') ? { ...ALWAYS, ...HSTS } : { ...ALWAYS };
}
